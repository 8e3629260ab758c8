import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AGREE_MESSAGE } from '@yance/contracts/account';
import {
  expectFieldErrors,
  expectSignedInAs,
  laterAttestation,
  newPhone,
  openLogin,
  outboxMark,
  qrBox,
  selectTab,
  smsCodeFor,
  storedToken,
  submitButton,
  toast,
  userInfo,
  useServer,
  waitForLiveQr,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { useWechatStandin, wechatScan, WX_STANDIN_ENV } from './support/wechat-standin.ts';

// The stand-in starts first (hooks run in order), so the server is started with its address.
const wechat = useWechatStandin();
const s = useServer({ env: () => ({ ...WX_STANDIN_ENV, WX_API_BASE: wechat.base }) });
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

/** Opens the popup's 微信扫码 tab and returns the scene of the QR code it shows (our ticket). */
async function showQr(): Promise<string> {
  await b.goto('/contact');
  const dialog = await openLogin(b.page);
  const asked = wechat.scenes.length;
  await selectTab(dialog, '微信扫码');
  await waitForLiveQr(b.page);
  // The official QR is WeChat's: no link to a confirm page of ours.
  expect(await qrBox(b.page).getByRole('link').count()).toBe(0);
  expect(wechat.scenes.length).toBeGreaterThan(asked);
  return wechat.scenes.at(-1)!;
}

describe('WeChat QR login (official account, WeChat played by a stand-in)', () => {
  const openid = `o-e2e-${randomBytes(6).toString('hex')}`;
  const phone = newPhone();

  it('a first scan asks for a phone and consent, makes the account, and a later scan logs in by itself', async () => {
    const scene = await showQr();
    expect(await wechatScan(s.baseUrl, scene, openid, 'subscribe')).toBe('success');

    const bind = b.page.getByRole('form', { name: '绑定手机号' });
    await bind.waitFor({ state: 'visible' });
    await b.page.getByText('首次使用微信登录，请绑定手机号').waitFor();
    await bind.getByPlaceholder('手机号').fill(phone);
    const mark = await outboxMark(s.server);
    await bind.getByRole('button', { name: '获取验证码' }).click();
    await toast(b.page, '验证码已发送!').first().waitFor({ state: 'visible' });
    await bind.getByPlaceholder('请输入验证码').fill(await smsCodeFor(s.server, phone, 'login', mark));

    // A new phone becomes a new account: not without the box ticked (PIPL).
    const agree = bind.getByRole('checkbox', { name: /我已阅读并同意/ });
    expect(await agree.isChecked()).toBe(false);
    await submitButton(bind, '绑定并登录').click();
    await expectFieldErrors(bind, [AGREE_MESSAGE]);
    await screenshotAtWidths(b.page, 'accounts', 'wx-bind');

    await agree.check();
    await submitButton(bind, '绑定并登录').click();
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await expectSignedInAs(b.page, phone);
    await laterAttestation(b.page);
    const token = await storedToken(b.page);
    expect((await userInfo(s.baseUrl, token!.access)).userInfo).toMatchObject({ phone, wechatBound: true });

    // Signed out, the same WeChat scans again: bound, so it logs in without a form.
    await b.page.evaluate(() => localStorage.clear());
    const again = await showQr();
    expect(await wechatScan(s.baseUrl, again, openid, 'SCAN')).toBe('success');
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await expectSignedInAs(b.page, phone);
  });
});
