import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import { formatFen } from '@yance/contracts/money';
import { ORGANIZATIONS } from '@yance/contracts/user';
import {
  addAddress,
  attestStudent,
  authDialog,
  call,
  laterAttestation,
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
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { expectAmount, JOURNEY_TIMEOUT, readsAtWidths } from './support/figures.ts';
import { apiOk, paidTopUp } from './support/money.ts';
import { acceptAgreement, addToPlan, openOrderForm, submitOrder } from './support/order.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { button, labDelivers, staffToken } from './support/staff.ts';

// Issue 21's second persona: a teacher invited by a student. He opens the student's link (/invited/CODE), registers
// in its popup and finds the ¥200 new-customer coupon; his first 送样检测 order takes 新客9折 and the coupon, the
// lab tests it, he confirms the data and settles from his own balance. The student's invitation page and wallet
// then hold 8 % of what he paid. What he pays reads the same on the order page before sending, the order page,
// 我的订单's row, 待结算 and its dialog, and 预存中心's 明细; the rebate the same on the inviter's pages.
const SPEC = 'persona-teacher';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });
const INVITEE_COUPON_FEN = 20_000;
/** product.md's default: 8 % of the invitee's paid amounts, rounded down to the fen. */
const rebateOf = (fen: number) => Math.floor((fen * 8) / 100);

describe('persona: a teacher invited by a student (issue 21)', () => {
  it(
    'registers through the link, orders with the ¥200 coupon, settles; the inviter earns 8 %: the same amounts everywhere',
    { timeout: JOURNEY_TIMEOUT },
    async () => {
      const inviter = await registerUser(s.server);
      await attestStudent(s.baseUrl, inviter.tokens.token);
      await addAddress(s.baseUrl, inviter.tokens.token);
      const code = apiOk(await call<{ code: string }>(s.baseUrl, 'inviteInfo', {}, { token: inviter.tokens.token })).code;
      // The cheapest 送样检测 item the ¥200 coupon does not cover whole after 9折.
      const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
        .filter((d) => d.type_id === 1 && d.unit === 'sample' && d.price_fen - Math.floor(d.price_fen / 10) > INVITEE_COUPON_FEN)
        .sort((x, y) => x.price_fen - y.price_fen)[0]!;
      expect(item, 'a 送样检测 item above ¥200 after 9折').toBeTruthy();
      const promoFen = Math.floor(item.price_fen / 10);
      const totalFen = item.price_fen - promoFen;
      const payFen = totalFen - INVITEE_COUPON_FEN;
      const rebateFen = rebateOf(payFen);

      // ---- the teacher opens the link and registers in its popup ----
      const page = b.page;
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
      await page.goto(`/invited/${code}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const dialog = await opened(authDialog(page, '注册研测账号'));
      expect(await dialog.getByPlaceholder('邀请码（选填）').inputValue()).toBe(code);
      const phone = newPhone();
      await dialog.getByPlaceholder('手机号').fill(phone);
      const mark = await outboxMark(s.server);
      await dialog.getByRole('button', { name: /获取验证码/ }).click();
      await dialog.getByPlaceholder('请输入验证码').fill(await smsCodeFor(s.server, phone, 'register', mark));
      await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
      await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
      await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await submitButton(dialog, '注册').click();
      await toast(page, '注册成功!').first().waitFor({ state: 'visible' });
      await laterAttestation(page);
      const stored = (await storedToken(page))!;
      const teacher = { token: stored.access, refreshToken: stored.refresh, expires: 7200 } as TokenPair;
      // His details (a teacher at a university: an institution customer, pays after testing) and address book.
      apiOk(
        await call(
          s.baseUrl,
          'update4profile',
          {
            name: '王老师',
            email: 'wang@example.edu.cn',
            organization: ORGANIZATIONS.teacher,
            company: '北京大学化学学院',
            region: '110108',
            address: '颐和园路5号',
          },
          { token: teacher.token },
        ),
      );
      await addAddress(s.baseUrl, teacher.token);

      // 优惠券: the invitee's coupon is there.
      await page.goto('/member/coupon', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const coupon = page.getByTestId('coupon-card').filter({ hasText: '¥200新客券' });
      await readsAtWidths(page, SPEC, 'coupons', coupon, INVITEE_COUPON_FEN);

      // ---- his first order, in the browser ----
      await addToPlan(page, item.rid);
      await openOrderForm(page, ['MOF 粉末']);
      await page
        .getByTestId('coupon-picker')
        .getByText(/¥200新客券 .*（推荐）/)
        .waitFor();
      await expectAmount(page.getByTestId('cost-promo'), promoFen, '优惠活动 · 新客9折');
      await expectAmount(page.getByTestId('order-total'), totalFen, '合计');
      await acceptAgreement(page);
      await readsAtWidths(page, SPEC, 'order-confirm', page.getByTestId('order-payable'), payFen);
      const { id: orderId, no: orderNo } = await submitOrder(page);
      await readsAtWidths(page, SPEC, 'order-page-placed', page.getByTestId('order-detail-payable'), payFen);
      await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const row = page.locator(`[data-testid=order-card][data-no="${orderNo}"]`);
      await readsAtWidths(page, SPEC, 'order-list', row.getByTestId('order-card-amount'), payFen);

      // ---- the lab's steps (API), his 确认数据 on the order's page ----
      const lab = await staffToken(s.baseUrl, 'lab');
      await labDelivers(s.baseUrl, lab, orderId);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await row.locator('[data-testid=next-step][data-step=confirmData]').click();
      await opened(page.locator('.ant-popconfirm'));
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await row.locator('[data-testid=next-step][data-step=settle]').waitFor();
      await readsAtWidths(page, SPEC, 'order-list-unsettled', row.getByTestId('order-card-amount'), payFen);

      // ---- he tops up (not the point: through the API) and settles from his balance ----
      await paidTopUp(s.baseUrl, { phone, password: PASSWORD, tokens: teacher }, 100_000);
      await row.locator('[data-testid=next-step][data-step=settle]').click();
      await expectPath(page, '/member/unsettled');
      const due = page.locator(`[data-testid=due-order][data-no="${orderNo}"]`);
      await readsAtWidths(page, SPEC, 'unsettled', due, payFen);
      await due.getByRole('checkbox').check();
      await button(page.getByTestId('settle-bar'), '结算').click();
      const settle = await opened(page.getByRole('dialog').filter({ hasText: '结算订单' }));
      // ¥1 000 topped up and its 2 % bonus.
      await settle.getByText(`个人预存余额（${formatFen(102_000)}）`).click();
      await readsAtWidths(page, SPEC, 'settle-dialog', settle.getByTestId('due-amount'), payFen);
      await button(settle, '确认结算').click();
      await toast(page, '结算成功').waitFor();
      await page.getByText('暂无待结算订单').waitFor();

      // 预存中心 明细: the settlement's line is what he paid, the balance after it the rest.
      await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expectAmount(page.getByTestId('prestore-balance'), 100_000 + 2_000 - payFen, '预存余额');
      const settled = page.getByTestId('statement-line').filter({ hasText: orderNo });
      await readsAtWidths(page, SPEC, 'prestore-statement', settled, payFen);
      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('已完成');
      await readsAtWidths(page, SPEC, 'order-page-completed', page.getByTestId('order-detail-paid'), payFen);

      // ---- the inviter: 8 % of what he paid, on the invitation page and in the wallet ----
      await page.evaluate(() => localStorage.removeItem('token'));
      await signInWith(page, inviter.tokens, '/member/invite');
      const invitee = page.getByTestId('invitee').filter({ hasText: `${phone.slice(0, 3)}****${phone.slice(7)}` });
      await readsAtWidths(page, SPEC, 'inviter-invite', invitee, rebateFen);
      await expectAmount(page.getByTestId('invite-earned'), rebateFen, '累计返利');
      await page.getByRole('link', { name: '明细与提现' }).click();
      await page.getByTestId('promotion-wallet').waitFor();
      // 付款金额 is what he paid, 返利 its 8 %: a table's row on a desktop, a card on a phone.
      const rebate = (width: number) =>
        width <= 375
          ? page.getByTestId('list-card').filter({ hasText: '邀请返利' }).first().locator('dd')
          : page.locator('.ant-table-row').filter({ hasText: '邀请返利' }).first().locator('td');
      await readsAtWidths(page, SPEC, 'inviter-wallet', (w) => rebate(w).nth(3), payFen);
      await readsAtWidths(page, SPEC, 'inviter-wallet-rebate', (w) => rebate(w).nth(4), rebateFen);
      expect(b.pageErrors).toEqual([]);
    },
  );
});
