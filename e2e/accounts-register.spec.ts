import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  alertText,
  authDialog,
  call,
  expectFieldErrors,
  expectSignedInAs,
  laterAttestation,
  newPhone,
  openLogin,
  outboxMark,
  PASSWORD,
  passwordLogin,
  registerUser,
  smsCodeFor,
  smsCount,
  storedToken,
  submitButton,
  toast,
  userInfo,
  useServer,
  type SmsPurposeName,
} from './support/accounts.ts';
import { url } from './support/api.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

const s = useServer();
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

const sendButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /获取验证码|s后重新获取/ });
const registerButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^注\s*册$/ });

/** Presses 获取验证码 and returns the code the console provider sent (as the phone's holder reads it). */
async function requestCode(page: Page, phone: string, purpose: SmsPurposeName, server = s.server): Promise<string> {
  const mark = await outboxMark(server);
  await sendButton(page).click();
  await toast(page, '验证码已发送!').first().waitFor({ state: 'visible' });
  // Spec §4: the button counts down for 60 s and cannot be pressed meanwhile.
  await expect.poll(() => sendButton(page).innerText()).toMatch(/^\d+s后重新获取$/);
  expect(await sendButton(page).isDisabled(), 'the send button is disabled during the countdown').toBe(true);
  return smsCodeFor(server, phone, purpose, mark);
}

describe('register', () => {
  it('registers with the SMS code from the console provider, one error at a time, and signs in', async () => {
    await b.goto('/contact');
    await registerButton(b.page).click();
    const dialog = authDialog(b.page, '注册研测账号');
    await opened(dialog);
    const submit = submitButton(dialog, '注册');

    // Spec §5: only the first error shows.
    await submit.click();
    await expectFieldErrors(dialog, ['[手机号]不能为空']);

    // Spec §9: phone max length 11.
    const phoneInput = dialog.getByPlaceholder('手机号');
    await phoneInput.pressSequentially('139123456789');
    expect(await phoneInput.inputValue()).toBe('13912345678');

    // A malformed number is refused before anything is sent.
    await phoneInput.fill('12345678901');
    await sendButton(b.page).click();
    await expectFieldErrors(dialog, ['[手机号]格式不正确']);
    expect(await smsCount(s.server, '12345678901')).toBe(0);
    expect(await sendButton(b.page).innerText()).toMatch(/获取验证码/);

    const phone = newPhone();
    await phoneInput.fill(phone);
    const code = await requestCode(b.page, phone, 'register');
    await screenshotAtWidths(b.page, 'accounts', 'register');

    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await dialog.getByPlaceholder('密码（至少8位）').fill('1234567');
    await dialog.getByPlaceholder('确认密码').fill('1234567');
    await submit.click();
    await expectFieldErrors(dialog, ['[密码]至少8位']);

    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(`${PASSWORD}x`);
    await submit.click();
    await expectFieldErrors(dialog, ['[密码]不一致']);

    // PIPL: consent is a box the user ticks (unticked to start), not a sentence under the button.
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    const agree = dialog.getByRole('checkbox', { name: /我已阅读并同意/ });
    expect(await agree.isChecked()).toBe(false);
    await submit.click();
    await expectFieldErrors(dialog, ['[用户协议]请阅读并勾选同意《用户协议》和《隐私政策》']);
    for (const [name, href] of [
      ['《用户协议》', '/license'],
      ['《隐私政策》', '/policy'],
    ] as const) {
      const link = dialog.getByRole('link', { name });
      expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual([href, '_blank']);
    }
    await agree.check();

    // The server refuses a common password; the popup says so in an alert (spec §8).
    await dialog.getByPlaceholder('密码（至少8位）').fill('12345678');
    await dialog.getByPlaceholder('确认密码').fill('12345678');
    await submit.click();
    await expect.poll(() => alertText(dialog)).toContain('[密码]过于常见，请换一个');
    await expectFieldErrors(dialog, []);

    // A wrong code: the alert carries the server's msg.
    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    await expect.poll(() => dialog.getByRole('alert').count(), { message: 'editing the form clears the old alert' }).toBe(0);
    await dialog.getByPlaceholder('请输入验证码').fill(code === '000000' ? '111111' : '000000');
    await submit.click();
    await expect.poll(() => alertText(dialog)).toContain('验证码错误或已过期');

    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await submit.click();
    await toast(b.page, '注册成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, phone);

    const token = await storedToken(b.page);
    expect(token?.access).toBeTruthy();
    expect(token?.refresh).toBeTruthy();
    expect(token!.expires - Date.now() / 1000).toBeGreaterThan(7200 - 60);
    expect(token!.expires - Date.now() / 1000).toBeLessThanOrEqual(7200 + 1);
    // A new account has no address: the attestation popup asks for the profile (spec §4).
    await laterAttestation(b.page);
    expect((await userInfo(s.baseUrl, token!.access)).userInfo.phone).toBe(phone);
  });

  it('a phone registered already gets its code like any other, and is told to log in only after using it', async () => {
    const existing = await s.registeredAccount();
    await b.goto('/contact');
    await registerButton(b.page).click();
    const dialog = authDialog(b.page, '注册研测账号');
    await dialog.getByPlaceholder('手机号').fill(existing.phone);
    const code = await requestCode(b.page, existing.phone, 'register');
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await submitButton(dialog, '注册').click();
    await expect.poll(() => alertText(dialog)).toContain('[手机号]已注册，请直接登录');
    expect(await storedToken(b.page)).toBeNull();
  });

  it('/invited/:code opens register with the code filled, and the new account keeps its inviter', async () => {
    const inviter = await registerUser(s.server);
    const { inviteCode } = (await userInfo(s.baseUrl, inviter.tokens.token)).userInfo;
    await b.goto(`/invited/${inviteCode}`);
    await expectPath(b.page, '/');
    const dialog = authDialog(b.page, '注册研测账号');
    await opened(dialog);
    expect(await dialog.getByPlaceholder('邀请码（选填）').inputValue()).toBe(inviteCode);

    const phone = newPhone();
    await dialog.getByPlaceholder('手机号').fill(phone);
    const code = await requestCode(b.page, phone, 'register');
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    const signBody = b.page
      .waitForRequest((r) => new URL(r.url()).pathname === url('sign'))
      .then((r) => r.postDataJSON() as { inviterCode?: string; agree?: boolean });
    await submitButton(dialog, '注册').click();
    await toast(b.page, '注册成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, phone);
    // The web hands the code to sign; that the server keeps the inviter is its own route test's job (account-register.test.ts).
    expect(await signBody).toMatchObject({ inviterCode: inviteCode, agree: true });
  });

  it('on a phone: 注册 from the menu drawer opens a register popup that fits the screen', async () => {
    await b.setWidth(MOBILE.width);
    await b.goto('/contact');
    await b.page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = b.page.getByRole('dialog').filter({ has: b.page.getByRole('navigation', { name: '移动端导航' }) });
    await drawer.getByRole('button', { name: /^注\s*册$/ }).click();
    const dialog = authDialog(b.page, '注册研测账号');
    await opened(dialog);
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    for (const placeholder of ['手机号', '请输入验证码', '密码（至少8位）', '确认密码', '邀请码（选填）']) {
      await dialog.getByPlaceholder(placeholder, { exact: true }).waitFor({ state: 'visible' });
    }
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(MOBILE.width);
  });
});

describe('resend window', () => {
  // The production window (60 s), on a server of its own: the file's server allows a new code after 1 s.
  const strict = useServer({ env: { SMS_RESEND_SECONDS: '60' } });
  const strictB = useBrowser(undefined, 'accounts', { baseUrl: () => strict.baseUrl });

  it('a second code for the same phone within 60 s is refused with a clear toast', async () => {
    const phone = newPhone();
    await strictB.goto('/contact');
    await registerButton(strictB.page).click();
    const register = authDialog(strictB.page, '注册研测账号');
    await register.getByPlaceholder('手机号').fill(phone);
    await requestCode(strictB.page, phone, 'register', strict.server);
    // The reset form has its own button (no countdown there), but the phone's limit holds.
    await register.getByRole('button', { name: '立即登录' }).click();
    await authDialog(strictB.page).getByRole('button', { name: '忘记密码？' }).click();
    const reset = authDialog(strictB.page, '重置密码');
    await reset.getByPlaceholder('手机号').fill(phone);
    const mark = await outboxMark(strict.server);
    await sendButton(strictB.page).click();
    await toast(strictB.page, /发送过于频繁，请\d+秒后再试/)
      .first()
      .waitFor({ state: 'visible' });
    expect(await sendButton(strictB.page).innerText(), 'a refused send does not start the countdown').toMatch(/获取验证码/);
    expect(await outboxMark(strict.server), 'nothing was sent').toBe(mark);
  });
});

describe('reset password', () => {
  it('resets by SMS (one error at a time), ends the old sessions, and the new password logs in', async () => {
    const user = await s.registeredAccount();
    await b.goto('/contact');
    const login = await openLogin(b.page);
    await login.getByRole('button', { name: '忘记密码？' }).click();
    const dialog = authDialog(b.page, '重置密码');
    await opened(dialog);
    const submit = submitButton(dialog, '重置密码');

    await submit.click();
    await expectFieldErrors(dialog, ['[手机号]不能为空']);

    await dialog.getByPlaceholder('手机号').fill(user.phone);
    const code = await requestCode(b.page, user.phone, 'reset');
    await screenshotAtWidths(b.page, 'accounts', 'reset');
    const newPassword = 'Orchid-harbour 77';
    await dialog.getByPlaceholder('请输入验证码').fill(code);
    await dialog.getByPlaceholder('新密码（至少8位）').fill(newPassword);
    await dialog.getByPlaceholder('确认密码').fill('something else');
    await submit.click();
    await expectFieldErrors(dialog, ['[密码]不一致']);

    await dialog.getByPlaceholder('确认密码').fill(newPassword);
    await submit.click();
    await toast(b.page, '密码重置成功!').first().waitFor({ state: 'visible' });
    // Back to the login popup with the phone filled in.
    const back = authDialog(b.page, '登录研测');
    await opened(back);
    expect(await back.getByPlaceholder('用户名/手机号').inputValue()).toBe(user.phone);

    await passwordLogin(back, user.phone, user.password);
    await expect.poll(() => alertText(back)).toContain('账号或密码错误');
    await passwordLogin(back, user.phone, newPassword);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await back.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, user.phone);
    // The reset signed out the sessions from before it.
    const old = await call(s.baseUrl, 'userInfo', {}, { token: user.tokens.token });
    expect(old.code).toBe(401);
  });
});
