import { describe, expect, it } from 'vitest';
import { formatFen } from '@yance/contracts/money';
import { ORGANIZATIONS } from '@yance/contracts/user';
import { addAddress, call, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { downloadedPdfText, expectAmount, JOURNEY_TIMEOUT, readsAtWidths } from './support/figures.ts';
import { apiOk, newKey } from './support/money.ts';
import { addToPlan, openOrderForm, SCANNED_PDF, submitOrder } from './support/order.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, signInToConsole, staffCall, staffToken } from './support/staff.ts';

// Issue 21's third persona: an enterprise buyer. Her custom test is quoted by the manager (a demand, priced in the
// console), she orders it with a catalogue item (新客9折 on her first 送样检测) and a coupon, finds 签署合同 on the
// order's row and page, downloads the contract, uploads the signed scan; the manager confirms it; she tops up by
// 对公转账 (finance confirms the transfer) and prepays from the balance. What she pays reads the same on the order
// page before sending, the order page, 我的订单, 实验合同 and the contract PDF (合同金额), 待付款 and its 支付 dialog,
// 预存中心's 明细, and the console's order page.
const SPEC = 'persona-enterprise';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });
const COUPON = '企业首单券';
const COUPON_FEN = 20_000;
const QUOTE_UNIT_FEN = 128_050;
const QUOTE_COUNT = 2;

describe('persona: an enterprise with a quote, a contract and prepayment (issue 21)', () => {
  it(
    'orders the quoted test with a coupon, signs, prepays from the balance: the same amount on every page and the contract PDF',
    { timeout: JOURNEY_TIMEOUT },
    async () => {
      // ---- set-up she does not see: her account, the shop's coupon, the manager's quote of her demand ----
      const buyer = await registerUser(s.server);
      const token = buyer.tokens.token;
      apiOk(
        await call(
          s.baseUrl,
          'update4profile',
          {
            name: '林晓',
            email: 'linxiao@example.com',
            organization: ORGANIZATIONS.enterprise,
            company: '上海澄新材料科技有限公司',
            region: '310115',
            address: '张江路88号',
          },
          { token },
        ),
      );
      await addAddress(s.baseUrl, token);
      const operator = await staffToken(s.baseUrl, 'operator');
      const template = await staffCall<{ id: number }>(s.baseUrl, 'adminCouponTemplateAdd', operator, {
        name: COUPON,
        kind: 'amount',
        amountFen: COUPON_FEN,
        thresholdFen: 100_000,
        validity: 'days',
        validDays: 30,
      });
      await staffCall(s.baseUrl, 'adminCouponIssue', operator, { templateId: template.id, phone: buyer.phone });
      const title = `原位拉曼定制测试 ${Date.now() % 100000}`;
      const demand = apiOk(
        await call<{ id: number }>(
          s.baseUrl,
          'demandAdd',
          {
            title,
            description: '硫化物电解质粉末，需在手套箱内装样，测 25–300 ℃ 变温拉曼。',
            contact_name: '林晓',
            contact_phone: '13812345678',
            idempotencyKey: newKey(),
          },
          { token },
        ),
      );
      const manager = await staffToken(s.baseUrl, 'manager');
      const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await staffCall(s.baseUrl, 'adminDemandQuote', manager, {
        id: demand.id,
        lines: [
          {
            name: '变温拉曼',
            description: '含手套箱装样',
            unit_fen: QUOTE_UNIT_FEN,
            unit: 'sample',
            count: QUOTE_COUNT,
            turnaround_days: 7,
          },
        ],
        valid_until: validUntil,
      });
      const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
        .filter((d) => d.type_id === 1 && d.unit === 'sample' && d.price_fen > 0)
        .sort((x, y) => x.price_fen - y.price_fen)[0]!;
      // What she pays, from the shop's rules: the quote as it is, the catalogue item at 新客9折, less the coupon.
      const promoFen = Math.floor(item.price_fen / 10);
      const itemFen = item.price_fen - promoFen;
      const totalFen = QUOTE_UNIT_FEN * QUOTE_COUNT + itemFen;
      const payFen = totalFen - COUPON_FEN;

      // ---- she accepts the quote, adds the item, orders ----
      const page = b.page;
      await signInWith(page, buyer.tokens, '/experiment/demand');
      await button(page, '接受报价').click();
      await opened(page.locator('.ant-popconfirm'));
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await button(page, '去实验方案下单').waitFor();
      await addToPlan(page, item.rid);
      await openOrderForm(page, ['Li6PS5Cl 粉末', 'TiO2 粉末']);
      await page
        .getByTestId('coupon-picker')
        .getByText(new RegExp(`${COUPON} .*（推荐）`))
        .waitFor();
      await expectAmount(page.getByTestId('order-total'), totalFen, '合计');
      await readsAtWidths(page, SPEC, 'order-confirm', page.getByTestId('order-payable'), payFen);
      const { id: orderId, no: orderNo } = await submitOrder(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('待签约');
      await readsAtWidths(page, SPEC, 'order-page-contracting', page.getByTestId('order-detail-payable'), payFen);
      await page.locator('[data-testid=next-step][data-step=signContract]').waitFor();

      // 我的订单: the row says what she pays and offers 签署合同, which leads to 实验合同.
      await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      const row = page.locator(`[data-testid=order-card][data-no="${orderNo}"]`);
      await readsAtWidths(page, SPEC, 'order-list-contracting', row.getByTestId('order-card-amount'), payFen);
      await row.locator('[data-testid=next-step][data-step=signContract]').click();
      await expectPath(page, '/experiment/contract');
      const contractRow = (width: number) =>
        width <= 375
          ? page
              .getByTestId('contract-card')
              .filter({ hasText: orderNo })
              .getByText(/^金额：/)
          : page.getByRole('row').filter({ hasText: orderNo }).locator('td').nth(2);
      await readsAtWidths(page, SPEC, 'contracts', contractRow, payFen);

      // The contract PDF: 合同金额 is what she pays, in figures and in words of the terms.
      const contractRowEl = page.getByRole('row').filter({ hasText: orderNo });
      const [contract] = await Promise.all([page.waitForEvent('download'), button(contractRowEl, '下载合同').click()]);
      const contractText = await downloadedPdfText(contract, SPEC, 'contract');
      const contractLines = contractText.split('\n');
      expect(contractLines[contractLines.indexOf('合同金额') + 1], '合同金额 under the table').toBe(formatFen(payFen));
      expect(contractText).toContain(`合同金额为人民币 ${formatFen(payFen)}`);
      expect(contractText).toContain(`优惠券（${COUPON}）`);
      // 单价 × 数量 reads to the line's amount: the promotion is named under the item (issue 21).
      expect(contractText).toContain(`优惠活动：新客9折 -${formatFen(promoFen)}`);
      expect(contractText).toContain('甲方（委托方）：上海澄新材料科技有限公司');
      // The party's address is the company's (her basic information), not the shipping address of her address book.
      expect(contractText).toContain('地址：上海市浦东新区张江路88号');
      await contractRowEl
        .locator('input[type=file]')
        .setInputFiles({ name: '盖章合同.pdf', mimeType: 'application/pdf', buffer: SCANNED_PDF });
      await expect.poll(() => contractRowEl.innerText()).toContain('待确认');

      // The manager confirms the signed contract (the console's step, through the API): the order waits for payment.
      await staffCall(s.baseUrl, 'adminOrderConfirmContract', manager, { id: orderId, expect: 'contracting' });

      // The member centre says what is to pay.
      await page.goto('/member/center', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await readsAtWidths(
        page,
        SPEC,
        'member-center-unpaid',
        page.getByTestId('center-assets').locator('li').filter({ hasText: '待付款' }),
        payFen,
      );

      // ---- she tops up by 对公转账 (her bank's receipt uploaded), finance confirms it, then she pays from the balance ----
      const topUpYuan = Math.max(1000, Math.ceil(payFen / 100));
      await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await page.getByRole('tab', { name: '对公转账' }).click();
      const transfer = page.locator('form#transfer-topup');
      await transfer.getByPlaceholder(/^转账金额/).fill(String(topUpYuan));
      await transfer.getByLabel('付款户名').fill('上海澄新材料科技有限公司');
      await transfer.locator('input[type=file]').setInputFiles({ name: '工行回单.pdf', mimeType: 'application/pdf', buffer: SCANNED_PDF });
      await screenshotAtWidths(page, SPEC, 'transfer-topup');
      await button(transfer, '提交转账信息').click();
      await toast(page, '转账信息已提交，财务将在一个工作日内确认到账').first().waitFor();
      // Finance finds it waiting in 充值审核 and confirms it (the console's step, through the API: admin-money walks it).
      // Finance's money rooms ask for a bound TOTP: a finance member who has bound one.
      const finance = (await enrol(s.baseUrl, 'finance')).token;
      const waiting = await staffCall<{ list: { id: number; amountFen: number }[] }>(s.baseUrl, 'adminTopupList', finance, {
        keyword: buyer.phone,
        method: 'transfer',
        page: 1,
        pageSize: 5,
      });
      expect(waiting.list.map((t) => t.amountFen)).toEqual([topUpYuan * 100]);
      await staffCall(s.baseUrl, 'adminTopupConfirm', finance, {
        id: waiting.list[0]!.id,
        note: '已核对工行回单',
        idempotencyKey: newKey(),
      });
      const balance = apiOk(await call<{ balanceFen: number }>(s.baseUrl, 'prestoreInfo', {}, { token }));
      expect(balance.balanceFen, 'the transfer (and any bonus) is in her balance').toBeGreaterThanOrEqual(topUpYuan * 100);

      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('待付款');
      await readsAtWidths(page, SPEC, 'order-page-unpaid', page.getByTestId('order-detail-due'), payFen);
      await page.locator('[data-testid=next-step][data-step=pay]').click();
      await expectPath(page, '/member/unpaid');
      const unpaid = page.locator(`[data-testid=due-order][data-no="${orderNo}"]`);
      await readsAtWidths(page, SPEC, 'unpaid', unpaid, payFen);
      await button(unpaid, '支付').click();
      const pay = await opened(page.getByRole('dialog').filter({ hasText: '支付订单' }));
      await readsAtWidths(page, SPEC, 'pay-dialog', pay.getByTestId('due-amount'), payFen);
      await button(pay, '确认支付').click();
      await toast(page, '支付成功').waitFor();

      // 预存中心 明细: the payment's line is what she paid.
      await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await readsAtWidths(page, SPEC, 'prestore-statement', page.getByTestId('statement-line').filter({ hasText: orderNo }), payFen);
      await page.goto(`/member/order?id=${orderId}`, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('order-state').innerText()).toBe('待寄样');
      await readsAtWidths(page, SPEC, 'order-page-paid', page.getByTestId('order-detail-paid'), payFen);

      // The contract after payment: the list and the PDF still say what she paid.
      await page.goto('/experiment/contract', { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
      await expectAmount(contractRow(1280), payFen, '实验合同 after payment');
      const [again] = await Promise.all([page.waitForEvent('download'), button(contractRowEl, '下载合同').click()]);
      const paidText = await downloadedPdfText(again, SPEC, 'contract-paid');
      expect(paidText).toContain(`合同金额为人民币 ${formatFen(payFen)}`);

      // The console: her manager's order page reads the same 实付金额 and 已付.
      await page.evaluate(() => localStorage.removeItem('token'));
      await signInToConsole(
        page,
        async (p) => {
          await page.goto(p, { waitUntil: 'domcontentloaded' });
          await waitForApp(page);
        },
        'manager',
      );
      await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
      await expectAmount(page.locator('.ant-table-row').filter({ hasText: orderNo }).locator('td').nth(5), payFen, '订单列表 实付金额');
      await page.goto(`/admin/orders/${orderId}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('order-title').waitFor();
      await readsAtWidths(page, SPEC, 'console-order', page.getByTestId('figure-payable'), payFen, { fits: false });
      await expectAmount(page.getByTestId('figure-paid'), payFen, '已付');
      await expectAmount(page.getByTestId('order-lines').getByTestId('line-promo'), promoFen, '新客9折 under the line');
      expect(b.pageErrors).toEqual([]);
    },
  );
});
