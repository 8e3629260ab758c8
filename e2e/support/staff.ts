import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import type { Envelope } from '@yance/contracts/envelope';
import { routes, type RouteName } from '@yance/contracts/routes';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { call, newIp } from './accounts.ts';
import { url } from './api.ts';

/** An admin-scope call as a staff member's script would make it (GET with a query, POST with a body); unwraps the envelope. */
export async function staffCall<T>(baseUrl: string, name: RouteName, token: string, input: Record<string, unknown> = {}): Promise<T> {
  const target = new URL(url(name), baseUrl);
  const headers: Record<string, string> = { 'x-forwarded-for': newIp(), 'content-type': 'application/json' };
  if (token) headers.token = token;
  let res: Response;
  if (routes[name].method === 'GET') {
    for (const [k, v] of Object.entries(input)) target.searchParams.set(k, String(v));
    res = await fetch(target, { headers });
  } else res = await fetch(target, { method: 'POST', headers, body: JSON.stringify(input) });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${name} failed: ${env.code} ${env.msg}`);
  return env.data;
}

/**
 * A button by its text. antd puts a space between the two characters of a
 * two-character button (登 录), and a button that was loading may keep its
 * hidden spinner (aria-label loading) in its name.
 */
export const button = (page: Pick<Page, 'getByRole'>, text: string) =>
  page.getByRole('button', { name: new RegExp(`^(loading\\s*)?${[...text].join('\\s*')}$`) });

/**
 * Picks `option` in an antd Select (`field` is its input, e.g. getByLabel('角色')) and makes sure it took: on a busy
 * machine a click can land while the dropdown is still opening or already closing, so it opens and clicks again until
 * the field shows the option — never clicking an option already chosen (in a multiple select that takes it out). Then
 * the field loses focus and its list is waited out of sight: a multiple select stays open after a choice, and its
 * list would lie over the dialog's buttons (a CI run's 新增 click met the roles' list for 30 s).
 */
export async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const chosen = select.locator('.ant-select-content, .ant-select-selection-item', { hasText: option });
  const shown = (timeout: number) =>
    chosen
      .first()
      .waitFor({ timeout })
      .then(
        () => true,
        () => false,
      );
  for (let attempt = 0; ; attempt++) {
    await field.click();
    const item = open.locator('.ant-select-item-option', { hasText: option }).first();
    const already = await item
      .getAttribute('class', { timeout: 5_000 })
      .then((c) => c?.includes('ant-select-item-option-selected') ?? false)
      .catch(() => false);
    if (!already) await item.click({ timeout: 5_000 }).catch(() => undefined);
    if (await shown(2_000)) break;
    if (attempt === 2) throw new Error(`the select did not take ${option}`);
  }
  await field.blur();
  await open
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * The authenticator app's code for `secret`, `offsetSeconds` from now. A code
 * works once, and only codes of later 30-s steps after it (ADR 0038): a test
 * that uses a second code soon after the first asks for the next step's
 * (offset 30), which the server still accepts (one step of drift either side).
 */
export const totpCode = (secret: string, offsetSeconds = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function ok<T>(p: Promise<{ code: number; msg: string; data: T }>, what: string): Promise<T> {
  const env = await p;
  if (env.code !== 1) throw new Error(`${what} failed: ${env.code} ${env.msg}`);
  return env.data;
}

/** Secrets bound by `enrol`, per server and account: a retried test signs in with the bound secret instead of enrolling again. */
const enrolled = new Map<string, string>();

/** Signs a demo staff member in and binds TOTP through the API (as the enrolment page does): the session is then a full one, and the secret signs them in on a page later. */
export async function enrol(baseUrl: string, account: string): Promise<{ token: string; secret: string }> {
  const known = enrolled.get(`${baseUrl} ${account}`);
  if (known) return { token: await signInWithTotp(baseUrl, account, known), secret: known };
  const { token } = await ok(call<TokenPair>(baseUrl, 'adminLogin', { account, password: DEMO_STAFF_PASSWORD }), 'adminLogin');
  const { secret } = await ok(call<{ secret: string }>(baseUrl, 'totpSetup', {}, { token }), 'totpSetup');
  await ok(call<{ recoveryCodes: string[] }>(baseUrl, 'totpEnable', { code: await totpCode(secret) }, { token }), 'totpEnable');
  enrolled.set(`${baseUrl} ${account}`, secret);
  return { token, secret };
}

/** A bound member's sign-in: this step's code, or the next step's when this one was used already (ADR 0038). */
async function signInWithTotp(baseUrl: string, account: string, secret: string): Promise<string> {
  for (const offset of [0, 30]) {
    const env = await call<TokenPair>(baseUrl, 'adminLogin', {
      account,
      password: DEMO_STAFF_PASSWORD,
      totp: await totpCode(secret, offset),
    });
    if (env.code === 1) return env.data.token;
  }
  throw new Error(`adminLogin with TOTP failed for ${account}`);
}

/** Binds TOTP for a demo staff member; answers the secret (for signing in through the page later). */
export const enrolStaffTotp = async (baseUrl: string, account: string): Promise<string> => (await enrol(baseUrl, account)).secret;

/** A full admin session on a fresh server (the demo admin's first sign-in only enrols TOTP, ADR 0038). */
export const adminSession = async (baseUrl: string): Promise<string> => (await enrol(baseUrl, 'admin')).token;

/** Signs in at /admin/login with the demo password, and with a TOTP code (or recovery code) when given. */
export async function signInStaff(page: Page, goto: (path: string) => Promise<void>, account: string, totp?: string): Promise<void> {
  await goto('/admin/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(DEMO_STAFF_PASSWORD);
  await button(page, '登录').click();
  if (totp !== undefined) {
    await page.getByLabel('动态验证码').fill(totp);
    await button(page, '登录').click();
  }
}

/** Signs in (signInStaff) and waits for the header's name: the console has opened on a full session. */
export async function signInToConsole(page: Page, goto: (path: string) => Promise<void>, account: string, totp?: string): Promise<void> {
  await signInStaff(page, goto, account, totp);
  await page.getByTestId('staff-name').waitFor();
}

/** The side menu's entries as shown. */
export const menuItems = (page: Pick<Page, 'getByRole'>) => page.getByRole('menuitem').allInnerTexts();

/** The side menu's catalogue and content entries, in order (the operator's and the admin's menus share them). */
export const CATALOG_MENU = ['检测项目', '项目分类', '热门专区'];
export const CONTENT_MENU = ['轮播图', '文章', '单页', '合作机构', '首页弹窗', '取样设置', '上门取样地区', '联系方式', '工作日历'];
/** The operator's whole menu: catalogue, content, settings and the SMS outbox. */
export const OPERATOR_MENU = [
  '概览',
  '邀请有礼',
  '推广员',
  '优惠券',
  '积分设置',
  '优惠活动',
  ...CATALOG_MENU,
  ...CONTENT_MENU,
  '短信记录',
  '通知记录',
];

/** 退出登录, from the header's user menu. */
export async function signOutStaff(page: Page): Promise<void> {
  await page.getByRole('button', { name: '我的账号' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
}

/** A demo staff member's session through the API (accounts without TOTP: lab, manager, finance). */
export async function staffToken(baseUrl: string, account: string): Promise<string> {
  return (await ok(call<TokenPair>(baseUrl, 'adminLogin', { account, password: DEMO_STAFF_PASSWORD }), 'adminLogin')).token;
}

/** The lab uploads a result file for an order and passes its review as a one-person lab (ADR 0041): 交付数据 needs one. */
export async function reviewedResultFile(
  baseUrl: string,
  token: string,
  orderId: number,
  name = 'scan.xy',
  text = '10.00\t120\n10.02\t131\n',
) {
  const form = new FormData();
  form.append('orderId', String(orderId));
  form.append('file', new Blob([text]), name);
  const res = await fetch(new URL('/api/admin/order/file/upload', baseUrl), { method: 'POST', headers: { token }, body: form });
  const env = (await res.json()) as { code: number; msg: string; data: { id: number } };
  if (env.code !== 1) throw new Error(`adminResultUpload failed: ${env.code} ${env.msg}`);
  // Four eyes (issue 21): the uploader passes a file only in a one-person lab, which the operator switches on here.
  await staffCall(baseUrl, 'settingLabReviewSave', await staffToken(baseUrl, 'operator'), { labReview: { singlePersonLab: true } });
  await staffCall(baseUrl, 'adminResultReview', token, { id: env.data.id, approve: true, reason: '' });
  return env.data.id;
}

/** The lab's steps on an order whose samples are on their way, through the API: 签收, 开始检测, a reviewed file, 交付数据. */
export async function labDelivers(baseUrl: string, lab: string, orderId: number): Promise<void> {
  await staffCall(baseUrl, 'adminOrderReceive', lab, { id: orderId, expect: 'awaitingSample' });
  await staffCall(baseUrl, 'adminOrderStartTesting', lab, { id: orderId, expect: 'received' });
  await reviewedResultFile(baseUrl, lab, orderId);
  await staffCall(baseUrl, 'adminOrderDeliver', lab, { id: orderId, expect: 'testing' });
}
