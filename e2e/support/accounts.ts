import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import type { Envelope } from '@yance/contracts/envelope';
import type { UserInfoResponse } from '@yance/contracts/user';
import type { Db } from '../../apps/server/src/db/client.ts';
import { smsMessage, userAccount } from '../../apps/server/src/db/schema.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { hashPassword } from '../../apps/server/src/modules/account/password.ts';
import { createUser } from '../../apps/server/src/modules/user/user.service.ts';
import { startServer, type E2eServer } from './server.ts';

/**
 * A server of this spec file's own (fresh PGlite, its own rate counters),
 * started before the file's tests: the spec can read the console SMS
 * provider's outbox through `db` and set short TTLs through `env`.
 */
export function useServer(env: Record<string, string | undefined> = {}) {
  let server: E2eServer | undefined;
  beforeAll(async () => {
    server = await startServer({ REDIS_URL: undefined, ...env });
  });
  afterAll(async () => {
    await server?.close();
  });
  const need = () => {
    if (!server) throw new Error('the server has not started');
    return server;
  };
  return {
    get baseUrl() {
      return need().baseUrl;
    },
    get db(): Db {
      return need().database.db;
    },
    get server() {
      return need();
    },
  };
}

/** A mainland mobile number, new for this run (the server allows one SMS per phone per 60 s). */
export const newPhone = () => `13${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** A client address of its own for setup calls (the server trusts X-Forwarded-For from loopback), so per-IP limits stay with the browser. */
export const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const PASSWORD = 'Tiger-lily 2049';

/** The id of the newest outbox row (to tell a newly sent code from an older one). */
export async function lastSmsId(db: Db): Promise<number> {
  const [row] = await db.select({ id: smsMessage.id }).from(smsMessage).orderBy(desc(smsMessage.id)).limit(1);
  return row?.id ?? 0;
}

/**
 * The code the console provider sent to phone for purpose (useFor), newer than
 * row `after`, waiting up to 5 s for it: what the person holding the phone reads.
 */
export async function smsCodeFor(db: Db, phone: string, purpose: number, after = 0): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await db
      .select()
      .from(smsMessage)
      .where(and(eq(smsMessage.phone, phone), eq(smsMessage.purpose, purpose), gt(smsMessage.id, after)))
      .orderBy(desc(smsMessage.id))
      .limit(1);
    if (row) {
      expect(row.provider, 'the console SMS provider sent it').toBe('console');
      expect(row.status).toBe('sent');
      const code = /验证码为(\d{6})/.exec(row.content)?.[1];
      if (!code) throw new Error(`no code in the SMS to ${phone}: ${row.content}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS (useFor ${purpose}) sent to ${phone}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many SMS went to phone (any purpose). */
export async function smsCount(db: Db, phone: string): Promise<number> {
  return (await db.select({ id: smsMessage.id }).from(smsMessage).where(eq(smsMessage.phone, phone))).length;
}

/** The stored account row of phone (e.g. to see the inviter). */
export async function accountRow(db: Db, phone: string) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.phone, phone)).limit(1);
  return row;
}

/** POSTs to the API as a client at its own address; returns the envelope whatever its code. */
export async function call<T>(baseUrl: string, path: string, body: unknown = {}, opts: { token?: string; ip?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? newIp() };
  if (opts.token) headers.token = opts.token;
  const res = await fetch(new URL(path, baseUrl), { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

async function ok<T>(p: Promise<Envelope<T>>, what: string): Promise<T> {
  const env = await p;
  if (env.code !== 1) throw new Error(`${what} failed: ${env.code} ${env.msg}`);
  return env.data;
}

export interface TestUser {
  phone: string;
  password: string;
  tokens: TokenPair;
}

/** Registers a user through the API (code4sms, the code from the outbox, sign). */
export async function registerUser(baseUrl: string, db: Db, opts: { phone?: string; password?: string; inviterCode?: string } = {}): Promise<TestUser> {
  const phone = opts.phone ?? newPhone();
  const password = opts.password ?? PASSWORD;
  const after = await lastSmsId(db);
  await ok(call(baseUrl, '/api/open/code4sms', { phone, useFor: 0 }), 'code4sms');
  const code = await smsCodeFor(db, phone, 0, after);
  const tokens = await ok(call<TokenPair>(baseUrl, '/api/open/sign', { phone, password, code, inviterCode: opts.inviterCode ?? '' }), 'sign');
  return { phone, password, tokens };
}

/**
 * An account made straight in the database (no SMS, so the phone's 60 s
 * sending limit is untouched for the flow under test), then signed in
 * through the API.
 */
export async function createAccount(baseUrl: string, db: Db, opts: { phone?: string; password?: string } = {}): Promise<TestUser> {
  const phone = opts.phone ?? newPhone();
  const password = opts.password ?? PASSWORD;
  await createUser({ db } as unknown as AppContext, { phone, passwordHash: await hashPassword(password) });
  const tokens = await ok(call<TokenPair>(baseUrl, '/api/open/login', { account: phone, password }), 'login');
  return { phone, password, tokens };
}

export const userInfo = (baseUrl: string, token: string) => ok(call<UserInfoResponse>(baseUrl, '/api/auth/user/info', {}, { token }), 'user/info');

/** Gives a user a default address through the API (so no attestation popup opens after login). */
export async function addAddress(baseUrl: string, token: string, over: Partial<Record<string, string | boolean>> = {}): Promise<void> {
  await ok(
    call(
      baseUrl,
      '/api/auth/address/add',
      { name: '张三', phone: '13800000000', province: '北京市', city: '北京市', area: '东城区', address: '东长安街1号', address_code: '110101', default: true, ...over },
      { token },
    ),
    'address add',
  );
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
    localStorage.setItem('token', JSON.stringify({ access: t.token, refresh: t.refreshToken, expires: Math.floor(Date.now() / 1000) + t.expires }));
  }, tokens);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

// ---- what the person sees -------------------------------------------------

/** The account popup (login, register or reset), by its heading. */
export const authDialog = (page: Page, title: '登录研测' | '注册研测账号' | '重置密码' = '登录研测'): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('h2', { hasText: title }) });

/** The toast with this text (antd message). */
export const toast = (page: Page, text: string | RegExp): Locator => page.locator('.ant-message').getByText(text);

/** Visible field errors inside a scope. */
export const fieldErrors = (scope: Locator): Locator => scope.locator('.ant-form-item-explain-error');

/** The texts of the visible field errors, once they have settled. */
export async function errorTexts(scope: Locator): Promise<string[]> {
  await scope.page().waitForTimeout(300); // antd animates messages in
  return (await fieldErrors(scope).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** Opens the login popup from the header (desktop) or the phone header's 登录 button. */
export async function openLogin(page: Page): Promise<Locator> {
  // The top bar's 登录 on wide screens, the phone header's 登录 below 1060 px.
  await page.locator('header button:visible', { hasText: '登录' }).first().click();
  const dialog = authDialog(page);
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/** The password tab: fill and submit. */
export async function passwordLogin(dialog: Locator, account: string, password: string): Promise<void> {
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByPlaceholder('用户名/手机号').fill(account);
  await dialog.getByPlaceholder('密码', { exact: true }).fill(password);
  await dialog.locator('[role=tabpanel]:visible button[type=submit]').click();
}

/** The header shows this account (the signed-in state a person sees). */
export async function expectSignedInAs(page: Page, account: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  if (width > 1060) {
    await expect.poll(() => page.locator('[data-testid=account-menu]').innerText().catch(() => '')).toContain(account);
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
  const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '完善基本信息' }) });
  await modal.waitFor({ state: 'visible' });
  await modal.getByRole('button', { name: '稍后完善' }).click();
  await modal.waitFor({ state: 'hidden' });
}
