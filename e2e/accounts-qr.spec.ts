import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addAddress,
  authDialog,
  expectSignedInAs,
  laterAttestation,
  newPhone,
  openWxQr,
  outboxMark,
  passwordLogin,
  PASSWORD,
  qrBox,
  registerUser,
  smsCodeFor,
  storedToken,
  submitButton,
  toast,
  useServer,
  wxConfirmCard,
} from './support/accounts.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

// The default ticket lifetime (300 s): these journeys take screenshots and sign in on the phone, which on a busy
// 2-core machine outlasted a 15-s ticket (a CI failure). The expiry has its own spec with short tickets.
const s = useServer();
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

const CONFIRM = '确认登录';
const SIGN_IN_FIRST = '登录后确认';

/** The card says where and when the login was asked for (the computer's address and a time). */
async function expectLoginRequest(phone: Page): Promise<void> {
  const card = wxConfirmCard(phone);
  await card.getByText('请求IP', { exact: true }).waitFor({ state: 'visible' });
  await card.getByText('请求时间', { exact: true }).waitFor({ state: 'visible' });
  await card.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/).waitFor({ state: 'visible' });
  expect(await card.getByText(/^(::ffff:)?127\.0\.0\.1$/).count(), 'the computer asked from this machine').toBe(1);
  // The confirm page no longer signs in by itself: no tabs of its own.
  expect(await card.getByRole('tab').count()).toBe(0);
}

describe('WeChat QR login (local provider)', () => {
  it('scanned from a second device, signed in there with a password and confirmed, the computer logs in', async () => {
    const user = await registerUser(s.server);
    await addAddress(s.baseUrl, user.tokens.token);
    const { dialog, href } = await openWxQr(b);

    // "Scan": the phone opens the QR's URL.
    const phone = await b.newDevice(MOBILE);
    await phone.goto(href, { waitUntil: 'domcontentloaded' });
    await wxConfirmCard(phone).and(phone.locator('[data-status=scanned]')).waitFor({ state: 'visible' });
    await phone.getByRole('heading', { name: '确认登录研测' }).waitFor();
    await expectLoginRequest(phone);

    // The computer shows that the code was scanned.
    await expect.poll(() => qrBox(b.page).getAttribute('data-status')).toBe('scanned');
    await qrBox(b.page).getByText('已扫码，请在手机上确认').waitFor({ state: 'visible' });
    await screenshotAtWidths(b.page, 'accounts', 'qr-scanned');
    await screenshotAtWidths(phone, 'accounts', 'wx-confirm');

    // Not signed in on the phone: it signs in with the usual popup, then confirms.
    await phone.getByRole('button', { name: SIGN_IN_FIRST }).click();
    await passwordLogin(authDialog(phone), user.phone, user.password);
    await toast(phone, '登录成功!').first().waitFor({ state: 'visible' });
    await authDialog(phone).waitFor({ state: 'hidden' });
    await phone.getByRole('button', { name: CONFIRM }).click();
    await wxConfirmCard(phone).and(phone.locator('[data-status=confirmed]')).waitFor({ state: 'visible' });
    await phone.getByText('已确认，请返回电脑端').waitFor();

    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, user.phone);
    expect((await storedToken(b.page))?.access).toBeTruthy();
  });

  it('a new phone registers with its SMS code in the popup, confirms, and the computer logs in to the new account', async () => {
    const { dialog, href } = await openWxQr(b);
    const phone = await b.newDevice(MOBILE);
    await phone.goto(href, { waitUntil: 'domcontentloaded' });
    await wxConfirmCard(phone).and(phone.locator('[data-status=scanned]')).waitFor({ state: 'visible' });
    await expectLoginRequest(phone);
    // No account yet: 登录后确认 opens the popup, where the phone registers with its SMS code.
    await phone.getByRole('button', { name: SIGN_IN_FIRST }).click();
    // Pressed once the popup has stopped zooming in (a press mid-animation can land beside the link: a CI flake).
    await (await opened(authDialog(phone))).getByRole('button', { name: '立即注册' }).click();
    const register = await opened(authDialog(phone, '注册研测账号'));
    const number = newPhone();
    await register.getByPlaceholder('手机号').fill(number);
    const mark = await outboxMark(s.server);
    await register.getByRole('button', { name: '获取验证码' }).click();
    await toast(phone, '验证码已发送!').first().waitFor({ state: 'visible' });
    await register.getByPlaceholder('请输入验证码').fill(await smsCodeFor(s.server, number, 'register', mark));
    await register.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await register.getByPlaceholder('确认密码').fill(PASSWORD);
    await register.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await submitButton(register, '注册').click();
    await toast(phone, '注册成功!').first().waitFor({ state: 'visible' });
    await register.waitFor({ state: 'hidden' });
    // A brand-new account: the attestation popup asks for the profile first.
    await laterAttestation(phone);
    await phone.getByRole('button', { name: CONFIRM }).click();
    await wxConfirmCard(phone).and(phone.locator('[data-status=confirmed]')).waitFor({ state: 'visible' });
    await phone.getByText('已确认，请返回电脑端').waitFor();

    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectSignedInAs(b.page, number);
    // Still without an address: the attestation popup follows on the computer too.
    await laterAttestation(b.page);
  });
});
