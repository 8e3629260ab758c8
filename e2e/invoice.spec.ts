import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import type { InvoiceableOrder } from '@yance/contracts/invoice';
import type { MessageEntry } from '@yance/contracts/message';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { addAddress, call, signInWith, toast, useServer } from './support/accounts.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { watchApiFailures } from './support/failures.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, signInToConsole, totpCode } from './support/staff.ts';

const SPEC = 'invoice';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const COMPANY = '苏州纳晶新材料科技有限公司';
const TAX_ID = '91320505MA1XXXXX1X';
const MAIL = 'finance@example-materials.cn';
const INVOICE_NO = '26320000000012345678';

let customer: TokenPair;
let order: InvoiceableOrder;
let applyNo = '';

/** No horizontal scroll: the page is no wider than the window. */

describe('invoices (issue 10, ADR 0052)', () => {
  it('the demo enterprise adds a 普通电子 title and applies for its completed order’s invoice', async () => {
    const login = await call<TokenPair>(s.baseUrl, 'login', { account: '13900000002', password: DEMO_STAFF_PASSWORD });
    expect(login.code, login.msg).toBe(1);
    customer = login.data;
    // An address book entry, so no attestation popup covers the page.
    await addAddress(s.baseUrl, customer.token);
    const orders = await call<{ list: InvoiceableOrder[] }>(s.baseUrl, 'invoiceApplyOrders', {}, { token: customer.token });
    // The demo enterprise's paid orders: the one taken to 已完成 (its others wait for the contract or the payment).
    expect(orders.data.list.map((o) => o.state)).toEqual(['completed']);
    order = orders.data.list[0]!;

    const page = b.page;
    await signInWith(page, customer, '/member/invoiceMg');
    await button(page, '新增抬头').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '新增发票抬头' }));
    // 普通电子 for a company is the form's start; a company must give its tax id.
    await dialog.getByLabel('抬头名称').fill(COMPANY);
    await dialog.getByLabel('收票邮箱').fill(MAIL);
    await button(dialog, '保存').click();
    await dialog.getByText('[纳税人识别号]单位抬头必须填写纳税人识别号').waitFor();
    await dialog.getByLabel('纳税人识别号').fill(TAX_ID.toLowerCase());
    await screenshotAtWidths(page, SPEC, 'title-dialog');
    await button(dialog, '保存').click();
    await toast(page, '操作成功!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('invoice-title').filter({ hasText: COMPANY });
    await card.waitFor();
    expect(await card.innerText()).toContain(TAX_ID);
    expect(await card.innerText()).toContain('普通电子发票');
    expect(await card.innerText()).toContain('默认');
    await screenshotAtWidths(page, SPEC, 'titles');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await fitsWidth(page), `发票管理 at ${width}`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/member/invoiceLs', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '申请开票').first().click();
    const apply = await opened(page.getByRole('dialog').filter({ hasText: '申请开票' }));
    const row = apply.getByTestId('invoiceable-order').filter({ hasText: order.orderNo });
    // The row's text selects it (issue 21), not only the box.
    await row.getByText(order.orderNo).click();
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
    // The whole invoiceable amount by default; the e-mail is the title's.
    expect(await apply.getByLabel(`订单${order.orderNo}开票金额`).inputValue()).toBe((order.invoiceable_fen / 100).toFixed(2));
    expect(await apply.getByLabel('收票邮箱').inputValue()).toBe(MAIL);
    await expect.poll(() => apply.getByTestId('apply-total').innerText()).toContain((order.invoiceable_fen / 100).toFixed(2));
    await screenshotAtWidths(page, SPEC, 'apply-dialog');
    // A double click applies once and says nothing false (issue 21: it said 可开票金额不足 besides the success).
    const failures = watchApiFailures(page);
    await button(apply, '提交申请').dblclick();
    await toast(page, '开票申请已提交').waitFor();
    const detail = await opened(page.getByRole('dialog').filter({ hasText: '开票申请 FP' }));
    expect(await detail.innerText()).toContain(order.orderNo);
    expect(await detail.innerText()).toContain('申请中');
    applyNo = /FP\d{6}/.exec(await detail.innerText())![0];
    await button(detail.locator('.ant-modal-footer'), '关闭').click();
    const record = page.getByTestId('invoice-application').filter({ hasText: applyNo });
    await record.waitFor();
    expect(await record.innerText()).toContain('申请中');
    await screenshotAtWidths(page, SPEC, 'records-applied');
    // Nothing is left to invoice of that order.
    const left = await call<{ list: InvoiceableOrder[] }>(s.baseUrl, 'invoiceApplyOrders', {}, { token: customer.token });
    expect(left.data.list).toEqual([]);
    const applied = await call<{ list: unknown[] }>(s.baseUrl, 'invoiceApplyList', {}, { token: customer.token });
    expect(applied.data.list).toHaveLength(1);
    expect(failures.stop(), 'no refusal after the double click').toEqual([]);
  });

  it('finance finds it in 财务 › 发票 and issues it; the customer reads the message and downloads the PDF', async () => {
    const page = b.page;
    const { secret } = await enrol(s.baseUrl, 'finance');
    await signInToConsole(
      page,
      async (p) => {
        await page.goto(p, { waitUntil: 'domcontentloaded' });
        await waitForApp(page);
      },
      'finance',
      await totpCode(secret, 30),
    );
    await page.getByRole('menuitem', { name: '发票' }).click();
    await page.waitForURL('**/admin/invoices');
    const row = page.locator('.ant-table-row').filter({ hasText: applyNo });
    await row.waitFor();
    expect(await row.innerText()).toContain(COMPANY);
    await screenshotAtWidths(page, SPEC, 'console-queue');
    await row.getByRole('link', { name: applyNo }).click();
    await page.getByRole('heading', { name: `开票申请 ${applyNo}` }).waitFor();
    expect(await page.locator('main').innerText()).toContain(TAX_ID);
    await button(page, '开票').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '开票 · ' }));
    await dialog.getByLabel('发票号码').fill('1234');
    await button(dialog, '确认开票').click();
    await dialog.getByRole('alert').filter({ hasText: '[发票号码]应为8到20位数字' }).waitFor();
    await dialog.getByLabel('发票号码').fill(INVOICE_NO);
    await button(dialog, '确认开票').click();
    await toast(page, '已开票').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The button carries the PDF icon's name too.
    await page.getByRole('button', { name: /下载发票/ }).waitFor();
    expect(await page.locator('main').innerText()).toContain(INVOICE_NO);
    await screenshotAtWidths(page, SPEC, 'console-issued');

    // The customer: a message, the record 已开票 with the number, and the PDF.
    const messages = await call<{ list: MessageEntry[] }>(s.baseUrl, 'messageList', {}, { token: customer.token });
    expect(messages.data.list[0]).toMatchObject({ kind: 'invoiceIssue', title: '发票已开具' });
    expect(messages.data.list[0]!.content).toContain(INVOICE_NO);
    await signInWith(page, customer, '/member/invoiceLs?tab=issued');
    const record = page.getByTestId('invoice-application').filter({ hasText: applyNo });
    await record.waitFor();
    expect(await record.innerText()).toContain(INVOICE_NO);
    const [pdf] = await Promise.all([page.waitForEvent('download'), button(record, '下载发票').click()]);
    expect(pdf.suggestedFilename()).toBe(`发票-${INVOICE_NO}.pdf`);
    await screenshotAtWidths(page, SPEC, 'records-issued');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await fitsWidth(page), `开票记录 at ${width}`).toBe(true);
    }
  });
});
