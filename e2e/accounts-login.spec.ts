import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addAddress,
  alertText,
  authDialog,
  call,
  expectFieldErrors,
  expectSignedInAs,
  expectSignedOut,
  openLogin,
  outboxMark,
  passwordLogin,
  registerUser,
  shownAccount,
  smsCodeFor,
  storedToken,
  submitButton,
  toast,
  type TestUser,
  useServer,
} from './support/accounts.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { SPEC_MEMBER_MENU } from './support/spec.ts';
import { expectPath, expectSettled, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

const s = useServer();
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

/** An account that has an address already, so no attestation popup follows its login. */
async function readyAccount(user?: TestUser) {
  const ready = user ?? (await registerUser(s.server));
  await addAddress(s.baseUrl, ready.tokens.token);
  return ready;
}

/** Opens the account menu with a click (it opens on click, so nothing moves under the pointer) and returns its items. */
async function openAccountMenu(page: Page, account: string): Promise<Locator> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: shownAccount(account) })
    .click();
  const menu = page.getByRole('menu');
  await menu.waitFor({ state: 'visible' });
  // The menu slides in; on a busy machine a click during the slide can land on the item that was there a frame ago.
  await expectSettled(menu);
  return menu.getByRole('menuitem');
}

describe('password login', () => {
  it('shows the three tabs, checks the fields, reports a wrong password, logs in and out', async () => {
    const user = await readyAccount();
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['密码登录', '短信登录', '微信扫码']);
    await screenshotAtWidths(b.page, 'accounts', 'login-password');

    await submitButton(dialog.getByRole('tabpanel'), '登录').click();
    await expectFieldErrors(dialog, ['[用户名/手机号]不能为空', '[密码]不能为空']);

    await passwordLogin(dialog, user.phone, 'not the password');
    await expect.poll(() => alertText(dialog)).toContain('账号或密码错误');
    expect(await storedToken(b.page)).toBeNull();

    await passwordLogin(dialog, user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, user.phone);
    const token = await storedToken(b.page);
    expect(token?.access, 'token.access in localStorage').toBeTruthy();
    expect(token?.access, 'a new login issues new tokens').not.toBe(user.tokens.token);

    // The member menu of spec §2 under the account name, then 退出登录.
    const items = await openAccountMenu(b.page, user.phone);
    await expect.poll(() => items.allInnerTexts()).toEqual([...SPEC_MEMBER_MENU.map(([, label]) => label), '退出登录']);
    // A new account has nothing in its experiment plan: no badge.
    expect(await b.page.locator('[data-testid=cart-badge]').count()).toBe(0);

    await items.filter({ hasText: '退出登录' }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await expectSignedOut(b.page);
    expect(await storedToken(b.page)).toBeNull();
    // Logout revoked the session on the server too.
    expect((await call(s.baseUrl, 'userInfo', {}, { token: token!.access })).code).toBe(401);
  });

  it('a user name works as the account, and the header shows it', async () => {
    const user = await readyAccount();
    const username = `u${user.phone.slice(-6)}x`;
    expect((await call(s.baseUrl, 'updateInfo', { username }, { token: user.tokens.token })).code).toBe(1);
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    await passwordLogin(dialog, username, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await expectSignedInAs(b.page, username);
  });

  it('repeated wrong passwords lock the account with a message saying when to retry', async () => {
    const user = await readyAccount();
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    for (let i = 1; i <= 4; i++) {
      await passwordLogin(dialog, user.phone, `wrong password ${i}`);
      await expect.poll(() => alertText(dialog)).toContain('账号或密码错误');
      await dialog.getByPlaceholder('密码', { exact: true }).fill('');
    }
    await passwordLogin(dialog, user.phone, 'wrong password 5');
    await expect.poll(() => alertText(dialog)).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    // Locked: even the right password waits.
    await passwordLogin(dialog, user.phone, user.password);
    await expect.poll(() => alertText(dialog)).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    expect(await storedToken(b.page)).toBeNull();
  });
});

describe('SMS login', () => {
  it('logs in with a code from the console provider; a wrong code is reported', async () => {
    const user = await readyAccount(await s.registeredAccount());
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    await dialog.getByRole('tab', { name: '短信登录' }).click();
    const panel = dialog.getByRole('tabpanel');
    await panel.getByPlaceholder('手机号').fill(user.phone);
    const mark = await outboxMark(s.server);
    const send = panel.getByRole('button', { name: /获取验证码|s后重新获取/ });
    await send.click();
    await toast(b.page, '验证码已发送!').first().waitFor({ state: 'visible' });
    await expect.poll(() => send.innerText()).toMatch(/^\d+s后重新获取$/);
    const code = await smsCodeFor(s.server, user.phone, 'login', mark);
    await screenshotAtWidths(b.page, 'accounts', 'login-sms');

    await panel.getByPlaceholder('请输入验证码').fill(code === '000000' ? '111111' : '000000');
    await submitButton(panel, '登录').click();
    await expect.poll(() => alertText(dialog)).toContain('验证码错误或已过期');

    await panel.getByPlaceholder('请输入验证码').fill(code);
    await submitButton(panel, '登录').click();
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, user.phone);
    expect((await storedToken(b.page))?.access).toBeTruthy();
  });

  it('the WeChat tab shows a QR code to scan', async () => {
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    await dialog.getByRole('tab', { name: '微信扫码' }).click();
    const qr = dialog.locator('[data-testid=wx-qr][data-status=waiting]');
    await qr.waitFor({ state: 'visible' });
    await qr.locator('svg').first().waitFor({ state: 'visible' });
    expect(await qr.locator('a[href]').getAttribute('href')).toMatch(/\/wx\/confirm\/[^/]+$/);
    await screenshotAtWidths(b.page, 'accounts', 'login-wechat');
  });
});

describe('login gate (spec §4)', () => {
  it('a direct load of /member/center without a token shows home with the login popup, then returns there after login', async () => {
    const user = await readyAccount();
    await b.goto('/member/center');
    const dialog = authDialog(b.page);
    await opened(dialog);
    await expectPath(b.page, '/');
    await passwordLogin(dialog, user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await expectPath(b.page, '/member/center');
    await b.page.locator('main h1', { hasText: shownAccount(user.phone) }).waitFor({ state: 'visible' });
    await expectSignedInAs(b.page, user.phone);
    // Nothing else covers the page the user asked for (the home promo popup stays away) once it has loaded.
    await dialog.waitFor({ state: 'hidden' });
    await b.page.waitForLoadState('networkidle');
    expect(await b.page.getByRole('dialog').count()).toBe(0);
  });

  it('logging out on a member page goes home', async () => {
    const user = await readyAccount();
    await b.goto('/member/center');
    const dialog = authDialog(b.page);
    await passwordLogin(dialog, user.phone, user.password);
    await expectPath(b.page, '/member/center');
    const items = await openAccountMenu(b.page, user.phone);
    await items.filter({ hasText: '退出登录' }).click();
    await expectPath(b.page, '/');
    await expectSignedOut(b.page);
  });

  it('on a phone: log in from the header, the member icon appears, and the drawer logs out', async () => {
    const user = await readyAccount();
    await b.setWidth(MOBILE.width);
    await b.goto('/contact');
    const dialog = await openLogin(b.page);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width, 'the popup fits a phone screen').toBeLessThanOrEqual(MOBILE.width);
    await passwordLogin(dialog, user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await b.page.getByRole('banner').getByRole('link', { name: '会员中心' }).waitFor({ state: 'visible' });
    await b.page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = b.page.getByRole('dialog').filter({ has: b.page.getByRole('navigation', { name: '移动端导航' }) });
    await drawer.getByRole('button', { name: '退出登录' }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await b.page.locator('header button:visible', { hasText: '登录' }).first().waitFor({ state: 'visible' });
    expect(await storedToken(b.page)).toBeNull();
  });
});
