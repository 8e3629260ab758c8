import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SMS_PURPOSES, type PowChallenge, type PowPayload, type TokenPair } from '@yance/contracts/account';
import type { Envelope } from '@yance/contracts/envelope';
import { ORGANIZATIONS, type UserInfoResponse } from '@yance/contracts/user';
import type { RouteName } from '@yance/contracts/routes';
import { TOAST_AFTERGLOW_ID, waitForApp, type BrowserFixture } from './browser.ts';
import { expectSettled, opened } from './page-checks.ts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { apiGet, url } from './api.ts';
import { clockReaches } from './clock.ts';
import { E2E_RESEND_SECONDS, outbox, startServer, type E2eServer, type ServerHandle } from './server.ts';

export type SmsPurposeName = keyof typeof SMS_PURPOSES;

/** How a spec reaches its server: the address, and the log the console SMS provider writes to. */
export interface ServerFixture {
  readonly baseUrl: string;
  readonly server: ServerHandle;
  /**
   * A newly registered account whose phone may be sent a new code already
   * (the e2e servers' resend window is SMS_RESEND_SECONDS=1, server.ts).
   */
  registeredAccount(): Promise<TestUser>;
}

/**
 * A server of this spec file's own (a separate process on a fresh PGlite,
 * its own rate counters), started before the file's tests and stopped after
 * them. `env` sets test config such as short TTLs.
 */
export function useServer(opts: { env?: Record<string, string> | (() => Record<string, string>) } = {}): ServerFixture {
  let server: E2eServer | undefined;
  // A function is read when the server starts, after the spec's earlier beforeAll (e.g. a stand-in's address).
  const envNow = () => (typeof opts.env === 'function' ? opts.env() : opts.env);
  beforeAll(async () => {
    server = await startServer(envNow(), inject('templates'));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const need = () => {
    if (!server) throw new Error('the server has not started');
    return server;
  };
  return {
    get baseUrl() {
      return need().baseUrl;
    },
    get server() {
      return need();
    },
    async registeredAccount() {
      const s = need();
      const resendMs = Number(envNow()?.SMS_RESEND_SECONDS ?? E2E_RESEND_SECONDS) * 1000;
      const sentAt = Date.now();
      const user = await registerUser(s);
      // The phone got its register code at sentAt (or just after); the next is refused until the window has passed.
      await clockReaches(sentAt + resendMs + 100, "the end of the phone's resend window");
      return user;
    },
  };
}

/** A mainland mobile number, new for this run (the server allows one SMS per phone per SMS_RESEND_SECONDS). */
export const newPhone = () => `13${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** A client address of its own for setup calls (the server trusts X-Forwarded-For from loopback), so per-IP limits stay with the browser. */
export const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const PASSWORD = 'Tiger-lily 2049';

/** How many codes the server has sent so far (to tell a newly sent code from an older one). */
export async function outboxMark(server: ServerHandle): Promise<number> {
  return (await outbox(server)).length;
}

/**
 * The code the console provider sent to phone for purpose, among those sent
 * after `mark` (outboxMark), polling the outbox until it is there (up to the
 * suite's poll limit, 20 s): what the person holding the phone reads.
 */
export async function smsCodeFor(server: ServerHandle, phone: string, purpose: SmsPurposeName, mark = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await outbox(server)).slice(mark).filter((m) => m.phone === phone && m.useFor === SMS_PURPOSES[purpose]);
        code = sent.at(-1)?.code;
        return code !== undefined;
      },
      { message: `an SMS (${purpose}) sent to ${phone}` },
    )
    .toBe(true);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** How many SMS went to phone (any purpose). */
export async function smsCount(server: ServerHandle, phone: string): Promise<number> {
  return (await outbox(server)).filter((m) => m.phone === phone).length;
}

/** POSTs to the API as a client at its own address; returns the envelope whatever its code. */
export async function call<T>(
  baseUrl: string,
  name: RouteName,
  body: unknown = {},
  opts: { token?: string; ip?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? newIp() };
  if (opts.token) headers.token = opts.token;
  const res = await fetch(new URL(url(name), baseUrl), { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

async function ok<T>(p: Promise<Envelope<T>>, what: string): Promise<T> {
  const env = await p;
  if (env.code !== 1) throw new Error(`${what} failed: ${env.code} ${env.msg}`);
  return env.data;
}

/** A fresh proof-of-work challenge from the server (smsChallenge), solved as a script would (ADR 0023). */
export async function solvedChallenge(baseUrl: string): Promise<PowPayload> {
  const challenge = await apiGet<PowChallenge>(baseUrl, 'smsChallenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the SMS challenge could not be solved');
  return { challenge, solution };
}

/**
 * Asks the server to text a code to phone (code4sms) as a client would, and
 * returns the code from the outbox. The one place the API's code request is
 * made, so a challenge before it (proof of work) is added here only.
 */
export async function requestSmsCode(
  server: ServerHandle,
  phone: string,
  purpose: SmsPurposeName,
  opts: { ip?: string } = {},
): Promise<string> {
  const mark = await outboxMark(server);
  const altcha = await solvedChallenge(server.baseUrl);
  await ok(call(server.baseUrl, 'code4sms', { phone, useFor: SMS_PURPOSES[purpose], altcha }, opts), 'code4sms');
  return smsCodeFor(server, phone, purpose, mark);
}

export interface TestUser {
  phone: string;
  password: string;
  tokens: TokenPair;
}

/** Registers a user through the API as a person would: code4sms, the code from the outbox, sign. */
export async function registerUser(
  server: ServerHandle,
  opts: { phone?: string; password?: string; inviterCode?: string } = {},
): Promise<TestUser> {
  const phone = opts.phone ?? newPhone();
  const password = opts.password ?? PASSWORD;
  const ip = newIp();
  const code = await requestSmsCode(server, phone, 'register', { ip });
  const tokens = await ok(
    call<TokenPair>(server.baseUrl, 'sign', { phone, password, code, inviterCode: opts.inviterCode ?? '', agree: true }, { ip }),
    'sign',
  );
  return { phone, password, tokens };
}

export const userInfo = (baseUrl: string, token: string) => ok(call<UserInfoResponse>(baseUrl, 'userInfo', {}, { token }), 'user/info');

/** Completes a student's profile (the attestation ordering needs) through the API. */
export async function attestStudent(baseUrl: string, token: string): Promise<void> {
  const profile = await call(
    baseUrl,
    'update4profile',
    {
      name: '李雷',
      email: 'lilei@example.com',
      organization: ORGANIZATIONS.student,
      company: '清华大学',
      teacher: '韩梅梅',
      region: '110108',
      address: '双清路30号',
    },
    { token },
  );
  expect(profile.code, profile.msg).toBe(1);
}

/** Gives a user a default address through the API (so no attestation popup opens after login); answers its rid. */
export async function addAddress(baseUrl: string, token: string, over: Partial<Record<string, string | boolean>> = {}): Promise<string> {
  const added = await ok(
    call<{ address_rid: string }>(
      baseUrl,
      'addressAdd',
      {
        name: '张三',
        phone: '13800000000',
        province: '北京市',
        city: '北京市',
        area: '东城区',
        address: '东长安街1号',
        address_code: '110101',
        default: true,
        ...over,
      },
      { token },
    ),
    'address add',
  );
  return added.address_rid;
}

export interface StoredToken {
  access: string;
  refresh: string;
  expires: number;
}

/** localStorage `token` as the web keeps it (spec §3), or null. */
export async function storedToken(page: Page): Promise<StoredToken | null> {
  const raw = await page.evaluate(() => localStorage.getItem('token'));
  return raw ? (JSON.parse(raw) as StoredToken) : null;
}

/** Signs the browser in with an API-issued pair, as the web would have stored it, and loads path. */
export async function signInWith(page: Page, tokens: TokenPair, path: string): Promise<void> {
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await page.evaluate((t) => {
    localStorage.setItem(
      'token',
      JSON.stringify({ access: t.token, refresh: t.refreshToken, expires: Math.floor(Date.now() / 1000) + t.expires }),
    );
  }, tokens);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await waitForApp(page);
}

// ---- what the person sees -------------------------------------------------

/** A popup (role dialog) by its heading. */
export const dialogTitled = (page: Page, title: string): Locator =>
  page
    .getByRole('dialog', { name: title, exact: true })
    .or(page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) }));

/** The account popup (login, register or reset), by its heading. */
export const authDialog = (page: Page, title: '登录研测' | '注册研测账号' | '重置密码' = '登录研测'): Locator => dialogTitled(page, title);

/**
 * The toast with this text (antd's message area has no role; its text is what the person reads), on screen or just
 * gone (its afterglow, support/browser.ts: a test that starts waiting a moment late still finds it).
 */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator(`.ant-message, #${TOAST_AFTERGLOW_ID}`).getByText(text).filter({ visible: true });

/** The popup's alert (the server's msg, spec §8). */
export const alertText = (scope: Locator): Promise<string> =>
  scope
    .getByRole('alert')
    .first()
    .innerText({ timeout: 1_000 })
    .catch(() => '');

/**
 * The field errors shown in scope, in form order: the descriptions of the
 * controls marked invalid (aria-invalid, aria-describedby), as a screen
 * reader announces them. Poll it: messages animate in and out.
 */
export function fieldErrorTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll('[aria-invalid="true"]')].flatMap((control) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.innerText.trim() ?? '') : ''))
        .filter(Boolean),
    ),
  );
}

/** Waits until scope shows exactly these field errors (or what an asymmetric matcher such as expect.arrayContaining accepts). */
export async function expectFieldErrors(scope: Locator, expected: unknown): Promise<void> {
  await expect.poll(() => fieldErrorTexts(scope)).toEqual(expected);
}

/**
 * A form's submit button by its text. antd writes a two-character label as
 * "登 录", and its spinner's label ("loading") can linger in the name for a
 * moment after a request ends, so only the end of the name is matched.
 */
export const submitButton = (scope: Locator, text: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`${[...text].join('\\s*')}$`) });

/** Opens the login popup from the header (desktop) or the phone header's 登录 button. */
export async function openLogin(page: Page): Promise<Locator> {
  // The top bar's 登录 on wide screens, the phone header's 登录 below 1060 px.
  await page.locator('header button:visible', { hasText: '登录' }).first().click();
  return opened(authDialog(page));
}

/**
 * Selects the login popup's tab by name. A click that lands while the popup is
 * still opening (seen on a busy CI machine) is made again, as a person would.
 */
export async function selectTab(dialog: Locator, name: string): Promise<void> {
  const tab = dialog.getByRole('tab', { name });
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe('true');
}

/** The 微信扫码 tab's QR box; data-status is its state (loading, waiting, scanned, expired). */
export const qrBox = (page: Page): Locator => page.locator('[data-testid=wx-qr]');

/** Waits until the QR box shows a live code; says what the box shows if it never does (e.g. 二维码获取失败). */
export async function waitForLiveQr(page: Page): Promise<void> {
  await qrBox(page)
    .and(page.locator('[data-status=waiting]'))
    .waitFor({ state: 'visible', timeout: 45_000 })
    .catch(async (e: unknown) => {
      const shown = await qrBox(page)
        .evaluate((el) => `${el.getAttribute('data-status')}: ${el.textContent}`)
        .catch(() => 'no QR box');
      throw new Error(`the QR never reached waiting (${shown})`, { cause: e });
    });
}

/** Opens the login popup on the 微信扫码 tab and returns the popup and the confirm URL its live QR encodes. */
export async function openWxQr(b: BrowserFixture): Promise<{ dialog: Locator; href: string }> {
  await b.goto('/contact');
  const dialog = await openLogin(b.page);
  await selectTab(dialog, '微信扫码');
  // Under load the ticket can be slow.
  await waitForLiveQr(b.page);
  const href = await qrBox(b.page).locator('a[href]').getAttribute('href');
  expect(href).toMatch(/\/wx\/confirm\/[^/]+$/);
  return { dialog, href: href! };
}

/** The page a QR opens on the second device (/wx/confirm/:ticket); data-status is the ticket's state there. */
export const wxConfirmCard = (page: Page): Locator => page.locator('[data-testid=wx-confirm]');

/** The password tab: fill and submit. */
export async function passwordLogin(dialog: Locator, account: string, password: string): Promise<void> {
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByPlaceholder('用户名/手机号').fill(account);
  await dialog.getByPlaceholder('密码', { exact: true }).fill(password);
  await submitButton(dialog.getByRole('tabpanel'), '登录').click();
}

/** How the header writes an account: a phone number masked (138****0000), a user name as it is. */
export const shownAccount = (account: string) => (/^1\d{10}$/.test(account) ? `${account.slice(0, 3)}****${account.slice(7)}` : account);

/** The header shows this account (the signed-in state a person sees), never a whole phone number. */
export async function expectSignedInAs(page: Page, account: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  if (width > 1060) {
    const menu = () =>
      page
        .locator('[data-testid=account-menu]')
        .innerText()
        .catch(() => '');
    await expect.poll(menu).toContain(shownAccount(account));
    if (shownAccount(account) !== account) {
      expect(await page.getByRole('banner').innerText(), 'the whole phone number is not in the header').not.toContain(account);
    }
  } else {
    await page.getByRole('link', { name: '会员中心' }).first().waitFor({ state: 'visible' });
  }
}

/** The header offers 登录 / 注册 again. */
export async function expectSignedOut(page: Page): Promise<void> {
  await page.locator('[data-testid=account-menu]').waitFor({ state: 'detached' });
  await page.locator('header button:visible', { hasText: '登录' }).first().waitFor({ state: 'visible' });
}

/** Closes the attestation popup with 稍后完善 when it is open (or opens within a moment). */
export async function laterAttestation(page: Page): Promise<void> {
  const modal = dialogTitled(page, '完善基本信息');
  await modal.waitFor({ state: 'visible' });
  // A click during the popup's zoom-in can miss the button.
  await expectSettled(modal);
  await modal.getByRole('button', { name: '稍后完善' }).click();
  await modal.waitFor({ state: 'hidden' });
}
