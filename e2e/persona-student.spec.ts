import { describe, expect, it } from 'vitest';
import { formatFen } from '@yance/contracts/money';
import type { WebSettings } from '@yance/contracts/setting';
import { ORGANIZATIONS } from '@yance/contracts/user';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { apiPost, searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { downloadedPdfText, expectAmount, JOURNEY_TIMEOUT, readsAtWidths } from './support/figures.ts';
import { apiOk, newKey, paidTopUp } from './support/money.ts';
import { acceptAgreement, addToPlan, openOrderForm, submitOrder } from './support/order.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { button, enrol, labDelivers, signInToConsole, staffCall, staffToken } from './support/staff.ts';

// Issue 21's first persona: a student (an institution, pays after testing) with a coupon from the shop and a quota
// in her teacher's research group. She orders 送样检测 in the browser (her first order: 新客9折), the coupon comes
// off, the lab tests and delivers, she confirms the data, settles from the group's balance within her quota and
// applies for an e-invoice. One figure — what she pays — reads the same on every page and PDF she passes, at 1280
// and at 375 px: the order page before sending, the order page, 我的订单's row, 待结算's row and its 结算 dialog,
// the group's money on 预存中心, the invoice dialog and the invoice PDF, and the console's order page.
// Her second order spends the points the first earned; it is tested, confirmed and settled from the group as well,
// and what it costs after the points reads the same on its pages, 待结算, the 结算 dialog and the console.
const SPEC = 'persona-student';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });
const COUPON = '课题组新生券';
const COUPON_FEN = 3_000;
const GROUP_FEN = 150_000;
const QUOTA_FEN = 100_000;

describe('persona: a student with a coupon and a research-group quota (issue 21)', () => {
  it(
    'orders, confirms, settles from the group and applies for an invoice: the same amount on every page and PDF',
    { timeout: JOURNEY_TIMEOUT },
    async () => {
      // ---- set-up the student does not see: her teacher's group with money and her quota, the shop's coupon ----
      const teacher = await registerUser(s.server);
      apiOk(
        await call(
          s.baseUrl,
          'update4profile',
          {
            name: '韩老师',
            email: 'han@example.edu.cn',
            organization: ORGANIZATIONS.teacher,
            company: '清华大学化学系',
            region: '110108',
            address: '双清路30号',
          },
          { token: teacher.tokens.token },
        ),
      );
      const student = await registerUser(s.server);
      await attestStudent(s.baseUrl, student.tokens.token);
      await addAddress(s.baseUrl, student.tokens.token);
      const group = apiOk(
        await call<{ id: number; name: string }>(
          s.baseUrl,
          'clusterAdd',
          { name: `韩老师课题组${Date.now() % 100000}`, institution: '清华大学化学系', description: '' },
          { token: teacher.tokens.token },
        ),
      );
      await paidTopUp(s.baseUrl, teacher, 200_000);
      apiOk(
        await call(
          s.baseUrl,
          'prestoreTransfer',
          { clusterId: group.id, direction: 'in', amountFen: GROUP_FEN, idempotencyKey: newKey() },
          { token: teacher.tokens.token },
        ),
      );
      const applied = apiOk(
        await call<{ mine: { memberId: number } }>(
          s.baseUrl,
          'clusterApply',
          { id: group.id, message: '韩老师的学生' },
          { token: student.tokens.token },
        ),
      );
      apiOk(await call(s.baseUrl, 'clusterAgree', { id: applied.mine.memberId, agree: true }, { token: teacher.tokens.token }));
      apiOk(await call(s.baseUrl, 'clusterAssign', { id: applied.mine.memberId, limitFen: QUOTA_FEN }, { token: teacher.tokens.token }));
      const operator = await staffToken(s.baseUrl, 'operator');
      const template = await staffCall<{ id: number }>(s.baseUrl, 'adminCouponTemplateAdd', operator, {
        name: COUPON,
        kind: 'amount',
        amountFen: COUPON_FEN,
        thresholdFen: 10_000,
        validity: 'days',
        validDays: 30,
      });
      await staffCall(s.baseUrl, 'adminCouponIssue', operator, { templateId: template.id, phone: student.phone });
      // The cheapest 送样检测 item whose 新客9折 price still meets the coupon's ¥100 threshold.
      const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
        .filter((d) => d.type_id === 1 && d.unit === 'sample' && d.price_fen - Math.floor(d.price_fen / 10) >= 10_000)
        .sort((x, y) => x.price_fen - y.price_fen)[0]!;
      expect(item, 'a 送样检测 item of ¥100 or more after 9折').toBeTruthy();
      // What she pays, computed here from the shop's rules (not read from the server): the tenth off, rounded down to
      // the fen (新客9折), then the coupon.
      const promoFen = Math.floor(item.price_fen / 10);
      const totalFen = item.price_fen - promoFen;
      const payFen = totalFen - COUPON_FEN;

      // ---- the student orders in the browser ----
      const page = b.page;
      /** 确认数据 on the order's page (its next step); the order then waits for settlement. */
      const confirmData = async () => {
        await page.locator('[data-testid=next-step][data-step=confirmData]').click();
        await opened(page.locator('.ant-popconfirm'));
        await page.locator('.ant-popconfirm .ant-btn-primary').click();
        await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('待结算');
      };
      /** On 待结算: her row, the total and the 结算 dialog read `fen`, paid from the group, which allows her `availableFen`. */
      const settleFromGroup = async (no: string, fen: number, availableFen: number, shots: string) => {
        const due = page.locator(`[data-testid=due-order][data-no="${no}"]`);
        await readsAtWidths(page, SPEC, `${shots}unsettled`, due, fen);
        await due.getByRole('checkbox').check();
        await expectAmount(page.getByTestId('settle-total'), fen, '已选 合计');
        await button(page.getByTestId('settle-bar'), '结算').click();
        const dialog = await opened(page.getByRole('dialog').filter({ hasText: '结算订单' }));
        await dialog.getByText(`课题组「${group.name}」（可用 ${formatFen(availableFen)}）`).click();
        await dialog.getByText('课题组可用').waitFor();
        await readsAtWidths(page, SPEC, `${shots}settle-dialog`, dialog.getByTestId('due-amount'), fen);
        await button(dialog, '确认结算').click();
        await toast(page, '结算成功').first().waitFor();
        await page.getByText('暂无待结算订单').waitFor();
      };
      await signInWith(page, student.tokens, '/member/coupon');
      await addToPlan(page, item.rid);
      await openOrderForm(page, ['TiO2 粉末']);
      const picker = page.getByTestId('coupon-picker');
      await picker.getByText(`${COUPON} · 满¥100减¥30 · 省¥30.00（推荐）`).waitFor();
      await expectAmount(page.getByTestId('cost-promo'), promoFen, '优惠活动 · 新客9折');
      await expectAmount(page.getByTestId('order-total'), totalFen, '合计');
      await acceptAgreement(page);
      await readsAtWidths(page, SPEC, 'order-confirm', page.getByTestId('order-payable'), payFen);
      const { id: orderId, no: orderNo } = await submitOrder(page);
      await page.getByText(`优惠券（${COUPON}）`).waitFor();
      await readsAtWidths(page, SPEC, 'order-page-placed', page.getByTestId('order-detail-payable'), payFen);

      // 我的订单: her order's row says what she pays.
      await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const row = page.locator(`[data-testid=order-card][data-no="${orderNo}"]`);
      await readsAtWidths(page, SPEC, 'order-list', row.getByTestId('order-card-amount'), payFen);

      // ---- the lab receives, tests and delivers (staff's steps, through the API) ----
      const lab = await staffToken(s.baseUrl, 'lab');
      await labDelivers(s.baseUrl, lab, orderId);

      // She confirms the data on the row's page; the order waits for settlement with what she owes.
      await button(row, '查看').click();
      await confirmData();
      await readsAtWidths(page, SPEC, 'order-page-unsettled', page.getByTestId('order-detail-due'), payFen);
      // The member centre says what is to settle.
      await page.goto('/member/center', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await readsAtWidths(
        page,
        SPEC,
        'member-center-unsettled',
        page.getByTestId('center-assets').locator('li').filter({ hasText: '待结算' }),
        payFen,
      );
      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);

      // 结算: from the order's button to 待结算, her row, the dialog with the group as the source.
      await page.locator('[data-testid=next-step][data-step=settle]').click();
      await expectPath(page, '/member/unsettled');
      await settleFromGroup(orderNo, payFen, QUOTA_FEN, '');

      // The order is paid what it cost; the group holds the rest and her quota is lowered by it.
      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('已完成');
      await readsAtWidths(page, SPEC, 'order-page-completed', page.getByTestId('order-detail-paid'), payFen);
      await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const funds = page.getByTestId('group-funds');
      await readsAtWidths(page, SPEC, 'prestore-group', funds.getByText('课题组余额'), GROUP_FEN - payFen);
      await expectAmount(funds.getByText('我的额度剩余'), QUOTA_FEN - payFen, '我的额度剩余');

      // 申请开票 from the order's button: the dialog offers what she paid.
      apiOk(
        await call(
          s.baseUrl,
          'invoiceAdd',
          { kind: 1, holder: 'person', name: '李雷', email: 'lilei@example.com' },
          { token: student.tokens.token },
        ),
      );
      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await page.locator('[data-testid=next-step][data-step=invoice]').click();
      const apply = await opened(page.getByRole('dialog').filter({ hasText: '申请开票' }));
      const invoiceable = apply.getByTestId('invoiceable-order').filter({ hasText: orderNo });
      await invoiceable.waitFor();
      if (!(await invoiceable.getByRole('checkbox').isChecked())) await invoiceable.getByRole('checkbox').check();
      await expect.poll(() => apply.getByLabel(`订单${orderNo}开票金额`).inputValue()).toBe((payFen / 100).toFixed(2));
      await readsAtWidths(page, SPEC, 'invoice-apply', invoiceable, payFen);
      // Named as the console names it (实付金额), not 订单金额: the console's 订单金额 is the lines' total before the coupon.
      expect(await invoiceable.innerText()).toContain(`实付金额 ${formatFen(payFen)}`);
      await button(apply, '提交申请').click();
      await toast(page, '开票申请已提交').waitFor();
      const detail = await opened(page.getByRole('dialog').filter({ hasText: '开票申请 FP' }));
      const applyNo = (await detail.locator('.ant-modal-title').innerText()).replace('开票申请', '').trim();
      await readsAtWidths(page, SPEC, 'invoice-applied', detail.locator('.ant-descriptions-row').filter({ hasText: '开票金额' }), payFen);

      // Finance issues it (the console's step, through the API); she downloads the PDF from her 开票记录.
      const finance = (await enrol(s.baseUrl, 'finance')).token;
      const queued = await staffCall<{ list: { id: number; no: string }[] }>(s.baseUrl, 'adminInvoiceList', finance, {
        page: 1,
        pageSize: 20,
      });
      const application = queued.list.find((a) => a.no === applyNo)!;
      await staffCall(s.baseUrl, 'adminInvoiceIssue', finance, { id: application.id, invoiceNo: '26310000000012345678' });
      await page.goto('/member/invoiceLs', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const record = page.getByTestId('invoice-application').filter({ hasText: applyNo });
      await readsAtWidths(page, SPEC, 'invoice-records', record, payFen);
      const [pdf] = await Promise.all([page.waitForEvent('download'), button(record, '下载发票').click()]);
      const invoiceText = await downloadedPdfText(pdf, SPEC, 'invoice');
      expect(invoiceText).toContain(formatFen(payFen));
      expect(invoiceText).toContain(orderNo);
      // The seller is the shop with its tax id (纳税人识别号), as 设置 › 联系方式 has it.
      const { localInfo } = await apiPost<WebSettings>(s.baseUrl, 'setting');
      expect(localInfo.taxId, 'the demo shop’s tax id').toMatch(/^[0-9A-Z]{18}$/);
      expect(invoiceText.replace(/\s+/g, '')).toContain(`纳税人识别号：${localInfo.taxId}`);

      // ---- her second order spends the points the first earned (1 a yuan paid; 100 take ¥1 off): no 9折, no coupon;
      // the lab finishes it and she settles it from the group like the first ----
      const points = Math.floor(payFen / 100);
      await addToPlan(page, item.rid);
      await openOrderForm(page, ['ZnO 粉末']);
      const picker2 = page.getByTestId('coupon-picker');
      await picker2.getByText(`可用${points}`).waitFor();
      await picker2.getByLabel('使用积分').fill(String(points));
      await picker2.getByLabel('使用积分').blur();
      const pay2Fen = item.price_fen - points;
      await acceptAgreement(page);
      await readsAtWidths(page, SPEC, 'order2-confirm', picker2.getByTestId('order-payable'), pay2Fen);
      const second = await submitOrder(page);
      await expectAmount(page.getByTestId('order-detail-points'), points, '积分抵扣');
      await readsAtWidths(page, SPEC, 'order2-page', page.getByTestId('order-detail-payable'), pay2Fen);
      await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await readsAtWidths(
        page,
        SPEC,
        'order2-list',
        page.locator(`[data-testid=order-card][data-no="${second.no}"]`).getByTestId('order-card-amount'),
        pay2Fen,
      );

      // ---- the lab finishes the second order too; she confirms and settles it from the group: the points stay off ----
      expect(payFen + pay2Fen, 'both orders fit in her quota').toBeLessThanOrEqual(QUOTA_FEN);
      await labDelivers(s.baseUrl, lab, second.id);
      await page.goto(`/member/order?id=${second.id}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await confirmData();
      await readsAtWidths(page, SPEC, 'order2-page-unsettled', page.getByTestId('order-detail-due'), pay2Fen);
      await page.locator('[data-testid=next-step][data-step=settle]').click();
      await expectPath(page, '/member/unsettled');
      // What the group still allows her: the quota less the first order.
      await settleFromGroup(second.no, pay2Fen, QUOTA_FEN - payFen, 'order2-');
      await page.goto(`/member/order?id=${second.id}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('已完成');
      await readsAtWidths(page, SPEC, 'order2-completed', page.getByTestId('order-detail-paid'), pay2Fen);
      await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expectAmount(page.getByTestId('group-funds').getByText('课题组余额'), GROUP_FEN - payFen - pay2Fen, '课题组余额');
      await expectAmount(page.getByTestId('group-funds').getByText('我的额度剩余'), QUOTA_FEN - payFen - pay2Fen, '我的额度剩余');

      // The console's order list and order pages: the lab reads the same 实付金额 (and 已付, 积分抵扣).
      await page.evaluate(() => localStorage.removeItem('token'));
      await signInToConsole(
        page,
        async (p) => {
          await page.goto(p, { waitUntil: 'domcontentloaded' });
          await waitForApp(page);
        },
        'lab',
      );
      await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
      for (const [no, fen] of [
        [orderNo, payFen],
        [second.no, pay2Fen],
      ] as const)
        await expectAmount(page.locator('.ant-table-row').filter({ hasText: no }).locator('td').nth(5), fen, `订单列表 ${no} 实付金额`);
      await page.goto(`/admin/orders/${orderId}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('order-title').waitFor();
      await readsAtWidths(page, SPEC, 'console-order', page.getByTestId('figure-payable'), payFen, { fits: false });
      await expectAmount(page.getByTestId('figure-paid'), payFen, '已付');
      // The coupon has its own line, named, between 订单金额 and 实付金额.
      await expectAmount(page.getByTestId('figure-coupon'), COUPON_FEN, '优惠券');
      await page.getByText(`优惠券（${COUPON}）`).waitFor();
      // The line's amount is after 新客9折, named under it as on her order page.
      await expectAmount(page.getByTestId('order-lines').getByTestId('line-promo'), promoFen, '新客9折 under the line');
      await page.goto(`/admin/orders/${second.id}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('order-title').waitFor();
      await readsAtWidths(page, SPEC, 'console-order2', page.getByTestId('figure-payable'), pay2Fen, { fits: false });
      await expectAmount(page.getByTestId('figure-points'), points, '积分抵扣');
      await expectAmount(page.getByTestId('figure-paid'), pay2Fen, '已付');
      expect(b.pageErrors).toEqual([]);
    },
  );
});
