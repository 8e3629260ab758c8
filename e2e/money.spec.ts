import { describe, expect, it } from 'vitest';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, staffCall } from './support/staff.ts';
import { confirmedOrder } from './support/money.ts';

const SPEC = 'money';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** No horizontal scroll: the page is no wider than the window. */

/** The money a person reads: "¥1,020.00". */
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('money (issue 10, ADR 0050)', () => {
  it('a student tops up ¥1 000 online through the local payment page (¥1 020 with the 2 % bonus) and settles both 待结算 orders from the balance', async () => {
    const student = await registerUser(s.server);
    await attestStudent(s.baseUrl, student.tokens.token);
    await addAddress(s.baseUrl, student.tokens.token);
    // The cheapest priced item: two of its orders fit in ¥1 020.
    const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
      .filter((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)
      .sort((x, y) => x.price_fen - y.price_fen)[0]!;
    const lab = (await enrol(s.baseUrl, 'lab')).token;
    const orders = [await confirmedOrder(s.baseUrl, student, item.rid, lab), await confirmedOrder(s.baseUrl, student, item.rid, lab)];

    // 预存中心: the ¥1 000 pick shows its bonus before paying.
    const page = b.page;
    await signInWith(page, student.tokens, '/member/prestore');
    await page.getByTestId('prestore-balance').filter({ hasText: '¥0.00' }).waitFor();
    await page.getByRole('button', { name: /¥1,000/ }).click();
    await page.getByText('赠送 ¥20.00，共到账 ¥1,020.00').waitFor();
    await screenshotAtWidths(page, SPEC, 'topup-form');
    expect(await fitsWidth(page)).toBe(true);
    await button(page, '立即充值').click();

    // The local gateway's cashier: amount, number, countdown; 确认支付 posts the signed callback and returns.
    await page.waitForURL('**/pay/local/TU*/*');
    await waitForApp(page);
    const cashier = page.getByTestId('local-cashier');
    await cashier.getByTestId('cashier-amount').filter({ hasText: '¥1,000.00' }).waitFor();
    expect(await cashier.innerText()).toMatch(/请在 \d{2}:\d{2} 内完成支付/);
    await screenshotAtWidths(page, SPEC, 'local-cashier');
    expect(await fitsWidth(page)).toBe(true);
    await button(cashier, '确认支付').click();

    await page.waitForURL('**/member/prestore?topup=TU*');
    const banner = page.getByTestId('topup-result');
    await banner.and(page.locator('[data-status=credited]')).waitFor();
    expect(await banner.innerText()).toContain('已到账 ¥1,000.00，赠送 ¥20.00');
    await page.getByTestId('prestore-balance').filter({ hasText: '¥1,020.00' }).waitFor();
    // The statement: the top-up and its bonus as separate lines, each with the balance after it.
    const lines = page.getByTestId('statement-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).innerText()).toMatch(/充值赠送[\s\S]*\+¥20\.00[\s\S]*¥1,020\.00/);
    expect(await lines.nth(1).innerText()).toMatch(/充值[\s\S]*\+¥1,000\.00[\s\S]*¥1,000\.00/);
    await screenshotAtWidths(page, SPEC, 'prestore-credited');
    expect(await fitsWidth(page)).toBe(true);

    // 待结算: both orders, select all, the total, settle from the balance.
    await page.goto('/member/unsettled', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const cards = page.getByTestId('due-order');
    await expect.poll(() => cards.count()).toBe(2);
    for (const o of orders) expect(await cards.filter({ hasText: o.no }).innerText()).toMatch(/结算期限 \d{4}-\d{2}-\d{2}/);
    // Each row names what its own order holds (issue 21: every row once read the same three items).
    for (const o of orders) await cards.filter({ hasText: o.no }).getByText(item.name, { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: '全选' }).check();
    const due = await call<{ totalDueFen: number }>(s.baseUrl, 'payDueList', { tab: 'unsettled' }, { token: student.tokens.token });
    const total = due.data.totalDueFen;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(102_000);
    await page
      .getByTestId('settle-total')
      .filter({ hasText: yuan(total) })
      .waitFor();
    await screenshotAtWidths(page, SPEC, 'unsettled');
    expect(await fitsWidth(page)).toBe(true);
    await button(page, '结算').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '结算订单' }));
    expect(await dialog.innerText()).toContain('个人预存余额');
    expect(await dialog.innerText()).toContain(yuan(102_000 - total));
    await screenshotAtWidths(page, SPEC, 'settle-dialog');
    await button(dialog, '确认结算').click();
    await toast(page, '结算成功').waitFor();
    // Settled: they leave the list, the balance shows what is left, the orders are 已完成.
    await cards.first().waitFor({ state: 'detached' });
    await page.getByText('暂无待结算订单').waitFor();
    await page.getByText(`预存余额 ${yuan(102_000 - total)}`).waitFor();
    await screenshotAtWidths(page, SPEC, 'unsettled-done');
    for (const o of orders) {
      const detail = await call<{ state: string }>(s.baseUrl, 'orderDetail', { id: o.id }, { token: student.tokens.token });
      expect(detail.data.state).toBe('completed');
    }

    // 开票记录: the ¥1 000 top-up is invoiceable (never its ¥20 bonus); invoiced, the orders it paid are not again.
    const title = await call(
      s.baseUrl,
      'invoiceAdd',
      { kind: 1, holder: 'person', name: '张同学', email: 'zhang@example.edu.cn' },
      {
        token: student.tokens.token,
      },
    );
    expect(title.code, title.msg).toBe(1);
    await page.goto('/member/invoiceLs', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '申请开票').first().click();
    let apply = await opened(page.getByRole('dialog').filter({ hasText: '申请开票' }));
    const topupRow = apply.getByTestId('invoiceable-topup');
    await topupRow.filter({ hasText: '可开 ¥1,000.00' }).waitFor();
    expect(await apply.innerText()).toContain('预存资金还可开票 ¥1,000.00');
    await topupRow.getByRole('checkbox').check();
    await screenshotAtWidths(page, SPEC, 'invoice-topup');
    await button(apply, '提交申请').click();
    await toast(page, '开票申请已提交').waitFor();
    const detail = await opened(page.getByRole('dialog').filter({ hasText: '开票申请 FP' }));
    expect(await detail.innerText()).toContain('预存充值');
    await button(detail, '关闭')
      .or(detail.getByRole('button', { name: /close|关闭/i }))
      .first()
      .click();
    await detail.waitFor({ state: 'hidden' });
    await button(page, '申请开票').first().click();
    apply = await opened(page.getByRole('dialog').filter({ hasText: '申请开票' }));
    expect(await apply.innerText()).toContain('预存资金还可开票 ¥0.00');
    await apply.getByTestId('invoiceable-order').filter({ hasText: orders[0]!.no }).getByRole('checkbox').check();
    await button(apply, '提交申请').click();
    await apply
      .getByRole('alert')
      .or(toast(page, /预存资金可开票金额不足/))
      .filter({ hasText: '预存资金可开票金额不足（剩余¥0.00）' })
      .first()
      .waitFor();
    expect(b.pageErrors).toEqual([]);
  });

  it('an enterprise pays a 待付款 order online in one step: the local cashier, back to 待付款, the order paid', async () => {
    const firm = await registerUser(s.server);
    const token = firm.tokens.token;
    const profile = await call(
      s.baseUrl,
      'update4profile',
      { name: '林晓', email: 'lin@example.com', organization: 2, company: '研测材料科技有限公司', region: '110108', address: '双清路30号' },
      { token },
    );
    expect(profile.code, profile.msg).toBe(1);
    await addAddress(s.baseUrl, token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list.find(
      (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    )!;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
    const placed = await call<{ id: number; no: string; state: string }>(
      s.baseUrl,
      'orderAdd',
      {
        delivery: 0,
        lines: [{ planId: line.data.id, samples: [{ name: '薄膜B', count: 1, form: 'film', hazards: [], returnSample: false }] }],
      },
      { token },
    );
    expect(placed.data, placed.msg).toMatchObject({ state: 'contracting' });
    // The signed contract's scan, then the manager's 确认合同: 待付款.
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n% signed\n%%EOF\n')]), '合同-已签.pdf');
    const uploaded = await fetch(new URL(`/api/auth/contract/upload?orderId=${placed.data.id}`, s.baseUrl), {
      method: 'POST',
      headers: { token },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const manager = (await enrol(s.baseUrl, 'manager')).token;
    await staffCall(s.baseUrl, 'adminOrderConfirmContract', manager, { id: placed.data.id, expect: 'contracting' });

    const page = b.page;
    await signInWith(page, firm.tokens, '/member/unpaid');
    const card = page.getByTestId('due-order').filter({ hasText: placed.data.no });
    // The row and the dialog name the order's own item (issue 21: not a fixed list of three).
    await card.getByText(item.name, { exact: true }).waitFor();
    await button(card, '支付').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '支付订单' }));
    await dialog.getByText(`订单 ${placed.data.no} · ${item.name}`, { exact: true }).waitFor();
    // The balance is empty: the dialog starts on online payment.
    await dialog.getByText('付款到账后订单自动完成支付').waitFor();
    const dueText = await dialog.getByTestId('due-amount').innerText();
    await screenshotAtWidths(page, SPEC, 'pay-online-dialog');
    await button(dialog, '前往支付').click();

    await page.waitForURL('**/pay/local/TU*/*');
    await waitForApp(page);
    const cashier = page.getByTestId('local-cashier');
    await cashier.getByTestId('cashier-amount').filter({ hasText: dueText }).waitFor();
    expect(await cashier.innerText()).toContain('研测订单支付');
    await button(cashier, '确认支付').click();

    await page.waitForURL('**/member/unpaid?topup=TU*');
    const banner = page.getByTestId('topup-result');
    await banner.and(page.locator('[data-status=credited]')).waitFor();
    expect(await banner.innerText()).toContain(`已支付 ${dueText}，订单已付款`);
    await page.getByText('暂无待付款订单').waitFor();
    await screenshotAtWidths(page, SPEC, 'pay-online-done');
    expect(await fitsWidth(page)).toBe(true);
    const detail = await call<{ state: string }>(s.baseUrl, 'orderDetail', { id: placed.data.id }, { token });
    expect(detail.data.state).toBe('awaitingSample');

    // An order payment is named as one, never a 充值单 (issue 21): in the messages and in 预存中心's records.
    await page.goto('/member/message', { waitUntil: 'domcontentloaded' });
    const items = page.getByTestId('message-item');
    await items.filter({ hasText: '订单已支付' }).filter({ hasText: placed.data.no }).waitFor();
    expect((await items.allInnerTexts()).join('\n')).not.toMatch(/充值/);
    await screenshotAtWidths(page, SPEC, 'pay-online-messages');
    await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
    const trade = page.getByTestId('topup-row').first();
    await expect.poll(() => trade.innerText()).toMatch(/订单支付 · 本地支付[\s\S]*已支付/);
    await screenshotAtWidths(page, SPEC, 'pay-online-records');
    expect(b.pageErrors).toEqual([]);
  });
});
