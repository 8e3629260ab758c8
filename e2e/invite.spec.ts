import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import {
  addAddress,
  laterAttestation,
  attestStudent,
  authDialog,
  call,
  newIp,
  newPhone,
  outboxMark,
  PASSWORD,
  registerUser,
  signInWith,
  smsCodeFor,
  storedToken,
  submitButton,
  toast,
  useServer,
  type TestUser,
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, signInToConsole } from './support/staff.ts';
import { apiOk, confirmedOrder, newKey, paidTopUp } from './support/money.ts';

// Issue 21's invitations (ADR 0054, ADR 0069): the page, the /invited popup and the member centre say what the
// settings say — the friend's ¥200 coupon, 8% of their payments for 3 months, withdrawable 15 days after the
// order completes — and the shop does it: the friend registers through the link and has the coupon, uses it on
// the first order, and the inviter's wallet holds 8% of what was paid. The console changes the rate; the words and
// the next rebate change with it.
const SPEC = 'invite';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });
const rebateOf = (fen: number, bp: number) => Math.floor((fen * bp) / 10_000);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

describe('invitations (issue 21, ADR 0069)', () => {
  it('the friend registers through the link with the ¥200 coupon, uses it, and the inviter earns 8% — then 10% once the console says so', async () => {
    const inviter = await registerUser(s.server);
    await attestStudent(s.baseUrl, inviter.tokens.token);
    await addAddress(s.baseUrl, inviter.tokens.token);
    const page = b.page;
    // The browser is its own client: an address and a device of its own, not the inviter's.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.baseUrl });

    // The member centre's line and the invitation page say the settings' terms.
    await signInWith(page, inviter.tokens, '/member/center');
    const summary = page.getByTestId('invite-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain(
      '好友注册即得¥200新客券；好友注册后3个月内每笔订单实付金额的8%返到您的返利钱包，订单完成15天后可提现。',
    );
    await screenshotAtWidths(page, SPEC, 'member-center');
    await page.goto('/member/invite', { waitUntil: 'domcontentloaded' });
    const code = (await page.getByTestId('invite-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await page.getByTestId('invite-link').innerText()).trim()).toBe(`${s.baseUrl}/invited/${code}`);
    const offers = await page.getByTestId('invite-offers').innerText();
    expect(offers).toContain('¥200新客券');
    expect(offers).toContain('8% 返利');
    const rules = await page.getByTestId('invite-rule').innerText();
    expect(rules).toContain('即得¥200新客券一张（无门槛减¥200，注册后30天内有效）');
    expect(rules).toContain('好友注册后3个月内，每笔订单付款按实付金额（不含优惠券和积分抵扣）的8%返利');
    expect(rules).toContain('订单完成15天后返利转为可提现');
    await page.getByRole('button', { name: '复制链接' }).click();
    await toast(page, '邀请链接已复制').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${s.baseUrl}/invited/${code}`);
    await page.getByTestId('invite-poster').waitFor();
    expect(await page.getByText('还没有好友通过您的邀请注册').isVisible()).toBe(true);
    await screenshotAtWidths(page, SPEC, 'member-invite-empty');

    // The friend, in the same browser after the inviter signed out, opens the copied link: the popup offers the coupon.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(new URL(copied).pathname, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const dialog = await opened(authDialog(page, '注册研测账号'));
    await dialog.getByText('好友邀请您加入研测，注册即得¥200新客券（无门槛减¥200，30天内有效），首笔订单即可使用').waitFor();
    expect(await dialog.getByPlaceholder('邀请码（选填）').inputValue()).toBe(code);
    await screenshotAtWidths(page, SPEC, 'invited-popup');
    const phone = newPhone();
    await dialog.getByPlaceholder('手机号').fill(phone);
    const mark = await outboxMark(s.server);
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await toast(page, '验证码已发送!').first().waitFor({ state: 'visible' });
    await dialog.getByPlaceholder('请输入验证码').fill(await smsCodeFor(s.server, phone, 'register', mark));
    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    const signHeaders = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/sign')).then((r) => r.headers());
    await submitButton(dialog, '注册').click();
    await toast(page, '注册成功!').first().waitFor({ state: 'visible' });
    expect((await signHeaders)['x-device-id']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // The details popup that follows a sign-up: later (they are filled in through the API below).
    await laterAttestation(page);
    const stored = (await storedToken(page))!;
    const friend: TestUser = {
      phone,
      password: PASSWORD,
      tokens: { token: stored.access, refreshToken: stored.refresh, expires: 7200 } as TokenPair,
    };

    // The friend's coupon is a real one, under 可使用 (their details filled in first, as ordering needs).
    await attestStudent(s.baseUrl, friend.tokens.token);
    await page.goto('/member/coupon', { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('coupon-card').filter({ hasText: '¥200新客券' });
    await card.waitFor();
    expect(await card.innerText()).toContain('无门槛减¥200');
    await screenshotAtWidths(page, SPEC, 'member-invitee-coupon');

    // The friend's first order, with the coupon, tested and settled from their balance.
    const coupons = apiOk(
      await call<{ list: { id: number; name: string }[] }>(s.baseUrl, 'couponList', { tab: 'usable' }, { token: friend.tokens.token }),
    );
    const coupon = coupons.list.find((c) => c.name === '¥200新客券')!;
    const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
      .filter((d) => d.price_fen - Math.floor(d.price_fen / 10) > 20_000 && d.unit === 'sample' && d.type_id === 1)
      .sort((x, y) => x.price_fen - y.price_fen)[0]!;
    const lab = (await enrol(s.baseUrl, 'lab')).token;
    const order = await confirmedOrder(s.baseUrl, friend, item.rid, lab, { couponId: coupon.id });
    await paidTopUp(s.baseUrl, friend, 1_000_000);
    const settled = apiOk(
      await call<{ paidFen: number }>(
        s.baseUrl,
        'settlementAdd',
        { orderIds: [order.id], idempotencyKey: newKey() },
        { token: friend.tokens.token },
      ),
    );
    // The friend's first order: 新客9折 (the tenth off, rounded down to the fen), then the ¥200 coupon.
    expect(settled.paidFen).toBe(item.price_fen - Math.floor(item.price_fen / 10) - 20_000);
    const first = rebateOf(settled.paidFen, 800);

    // The inviter: 已奖励 with 8% of what was paid, waiting in the wallet until 15 days after completion.
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInWith(page, inviter.tokens, '/member/invite');
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const row = page.getByTestId('invitee').filter({ hasText: masked });
    await row.waitFor();
    expect(await row.innerText()).toContain('已奖励');
    expect(await row.innerText()).toContain(`+${yuan(first)}`);
    expect(await row.innerText()).toMatch(/返利期至 \d{4}-\d{2}-\d{2}/);
    expect((await page.getByTestId('invite-earned').innerText()).trim()).toBe(yuan(first));
    expect(await page.getByTestId('invite-wallet').innerText()).toContain(`待入账 ${yuan(first)}`);
    await screenshotAtWidths(page, SPEC, 'member-invite');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await fitsWidth(page), `邀请有礼 at ${width}`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // The wallet's page lists the rebate as 邀请返利, its release date 15 days on.
    await page.getByRole('link', { name: '明细与提现' }).click();
    await page.getByTestId('promotion-wallet').waitFor();
    await page.getByText('邀请返利').first().waitFor();
    await screenshotAtWidths(page, SPEC, 'member-wallet');

    // The console: the operator sees the invitation and sets the rate to 10%; the preview says it before saving.
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInToConsole(
      page,
      async (p) => {
        await page.goto(p, { waitUntil: 'domcontentloaded' });
        await waitForApp(page);
      },
      'operator',
    );
    await page.getByRole('menuitem', { name: '邀请有礼' }).click();
    await page.waitForURL('**/admin/invites');
    const consoleRow = page.locator('.ant-table-row').filter({ hasText: order.no });
    await consoleRow.waitFor();
    expect(await consoleRow.innerText()).toContain('已通过');
    expect(await consoleRow.innerText()).toContain(`返利 ${yuan(first)}`);
    const settings = page.getByTestId('invite-settings');
    await settings.getByLabel('返利比例（%）').fill('10');
    await page.getByTestId('invite-settings-preview').getByText('实付金额（不含优惠券和积分抵扣）的10%返利').waitFor();
    await button(settings, '保存').click();
    await toast(page, '邀请有礼设置已保存').waitFor();
    await screenshotAtWidths(page, SPEC, 'console-invite-settings');

    // The shop says 10% now, and the friend's next payment earns 10%.
    const second = await confirmedOrder(s.baseUrl, friend, item.rid, lab);
    const paid2 = apiOk(
      await call<{ paidFen: number }>(
        s.baseUrl,
        'settlementAdd',
        { orderIds: [second.id], idempotencyKey: newKey() },
        { token: friend.tokens.token },
      ),
    );
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInWith(page, inviter.tokens, '/member/invite');
    await page
      .getByTestId('invite-rule')
      .getByText(/实付金额（不含优惠券和积分抵扣）的10%返利/)
      .waitFor();
    expect(await page.getByTestId('invite-offers').innerText()).toContain('10% 返利');
    await expect
      .poll(async () => (await page.getByTestId('invite-earned').innerText()).trim())
      .toBe(yuan(first + rebateOf(paid2.paidFen, 1000)));
  });
});
