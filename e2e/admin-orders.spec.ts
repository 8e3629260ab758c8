import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DeviceAdminDetail, DeviceAdminRow } from '@yance/contracts/catalog-admin';
import type { CustomerSummary } from '@yance/contracts/customer';
import type { Envelope } from '@yance/contracts/envelope';
import type { AdminOrderSummary } from '@yance/contracts/order';
import type { Page as ListPage } from '@yance/contracts/paging';
import { call, toast, useServer, type TestUser } from './support/accounts.ts';
import { DESKTOP, useBrowser, waitForApp } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, reviewedResultFile, signInStaff, signOutStaff, staffCall, staffToken, totpCode } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

const SPEC = 'admin-orders';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** Unwraps a customer call's envelope. */
async function ok<T>(p: Promise<Envelope<T>>, what: string): Promise<T> {
  const env = await p;
  if (env.code !== 1) throw new Error(`${what} failed: ${env.code} ${env.msg}`);
  return env.data;
}

/** Signs a demo staff member in on `page` (another device's page too) and waits for the console. */
async function signIn(page: Page, account: string, totp?: string) {
  const goto = async (path: string) => {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
  };
  await signInStaff(page, goto, account, totp);
  await page.getByTestId('staff-name').waitFor();
}

/** Opens an order's page in the console. */
async function openOrder(page: Page, id: number) {
  await page.goto(`/admin/orders/${id}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('order-title').waitFor();
}

const stateOf = (page: Page) => page.getByTestId('order-head').getByTestId('order-state').innerText();
const dialogOf = (page: Page, label: string): Locator => page.getByRole('dialog').filter({ hasText: `${label} · ` });
const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error').allInnerTexts();

/** Presses an action's button, confirms its dialog (with a note when given), and waits for the dialog to close. */
async function act(page: Page, label: string, note?: string) {
  await button(page.getByTestId('order-actions'), label).click();
  const dialog = await opened(dialogOf(page, label));
  if (note !== undefined) await dialog.getByRole('textbox').last().fill(note);
  await button(dialog, label).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Set by the first test. */
let customer: TestUser;
let customerId: number;
let adminToken: string;
let adminSecret: string;
let quoted: { id: number; no: string };

/** Puts the items in the customer's plan and orders them, one sample each, self-sent. */
async function orderOf(rids: string[], sample: string): Promise<{ id: number; no: string; state: string }> {
  const token = customer.tokens.token;
  const lines = [];
  for (const rid of rids) {
    const { id } = await ok(call<{ id: number }>(s.baseUrl, 'planAdd', { rid, count: 1 }, { token }), 'planAdd');
    lines.push({ planId: id, samples: [{ name: sample, count: 1, form: 'powder' }] });
  }
  // The service agreement an institution ticks with its order (ADR 0070).
  const agreementVersion = DEFAULT_SERVICE_AGREEMENT.version;
  return ok(call(s.baseUrl, 'orderAdd', { lines, delivery: 0, agreementVersion, remark: '请尽快安排' }, { token }), 'orderAdd');
}

describe('orders in the console', () => {
  it('a lab member sees the order but no quote button; the manager finds it from the customer, prices it, and cancels another with a reason', async () => {
    ({ token: adminToken, secret: adminSecret } = await enrol(s.baseUrl, 'admin'));
    customer = await s.registeredAccount();
    const filled = await call(
      s.baseUrl,
      'update4profile',
      {
        name: '林晓',
        email: 'lin@example.edu.cn',
        organization: 0,
        company: '清华大学材料学院',
        teacher: '韩梅梅',
        region: '110108',
        address: '双清路30号',
      },
      { token: customer.tokens.token },
    );
    expect(filled.code, filled.msg).toBe(1);
    const [row] = (await staffCall<ListPage<CustomerSummary>>(s.baseUrl, 'customerList', adminToken, { phone: customer.phone })).list;
    customerId = row!.id;
    await staffCall(s.baseUrl, 'customerReview', adminToken, { id: customerId, approve: true });

    // A priced item from the catalogue, and a copy of it without a price (待报价 until the manager quotes).
    const items = await staffCall<ListPage<DeviceAdminRow>>(s.baseUrl, 'catalogDeviceList', adminToken, { shelf: 'on', pageSize: 50 });
    const priced = items.list.find((d) => d.priceFen > 0)!;
    const detail = await staffCall<DeviceAdminDetail>(s.baseUrl, 'catalogDeviceDetail', adminToken, { id: priced.id });
    await staffCall(s.baseUrl, 'catalogDeviceAdd', adminToken, {
      ...detail,
      rid: 'e2e-quote',
      name: '定制表征方案',
      priceFen: 0,
      options: [],
      hotRank: null,
    });
    const order = await orderOf([priced.rid, 'e2e-quote'], 'TiO2 纳米粉');
    expect(order.state).toBe('quoting');
    quoted = order;
    const other = await orderOf([priced.rid], '氧化铝陶瓷片');

    const { page } = b;
    await signIn(page, 'lab');
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['概览', '订单列表', '到样签收', '取样日历', '预约室', '预约设置']);
    await page.getByRole('menuitem', { name: '订单列表' }).click();
    const listed = page.getByRole('row', { name: new RegExp(order.no) });
    await expect.poll(() => listed.innerText()).toMatch(/林晓[\s\S]*定制表征方案[\s\S]*待报价/);
    await listed.getByRole('link', { name: order.no }).click();
    await expectPath(page, `/admin/orders/${order.id}`);
    expect(await stateOf(page)).toBe('待报价');
    // Pricing is the manager's: the lab member has no button for it (and no step of theirs yet).
    expect(await button(page, '报价').count()).toBe(0);
    expect(await page.getByTestId('order-actions').count()).toBe(0);
    // A lab member does not read customers: the name is not a link.
    expect(await page.getByRole('link', { name: '林晓' }).count()).toBe(0);
    await signOutStaff(page);

    await signIn(page, 'manager');
    await page.goto(`/admin/customers/${customerId}`);
    await page.getByRole('button', { name: '客户的订单' }).click();
    await expectPath(page, '/admin/orders', `?customerId=${customerId}`);
    await expect.poll(() => page.getByTestId('customer-filter').innerText()).toContain('林晓');
    await expect.poll(() => page.getByText(/共 \d+ 个订单/).innerText()).toBe('共 2 个订单');
    await screenshotAtWidths(page, SPEC, 'list');
    // The keyword finds an order by its sample's name.
    await page.getByLabel('搜索订单').fill('陶瓷');
    await page.getByLabel('搜索订单').press('Enter');
    await expect.poll(() => page.getByText(/共 \d+ 个订单/).innerText()).toBe('共 1 个订单');
    await page.getByRole('row', { name: new RegExp(other.no) }).waitFor();

    await openOrder(page, order.id);
    expect(await page.getByTestId('order-total').innerText()).toBe('待报价');
    await page.getByTestId('order-samples').getByText(`${order.no}-01`).waitFor();
    await screenshotAtWidths(page, SPEC, 'detail-quoting');
    await button(page.getByTestId('order-actions'), '报价').click();
    const quote = await opened(dialogOf(page, '报价'));
    await button(quote, '报价').click();
    await expect.poll(() => fieldErrors(quote)).toEqual([expect.stringContaining('报价金额')]);
    await quote.getByLabel('定制表征方案 金额').fill('1280.50');
    await screenshotAtWidths(page, SPEC, 'quote-dialog', [375]);
    await button(quote, '报价').click();
    await quote.waitFor({ state: 'hidden' });
    // An institution's self-sent order waits for its samples once priced.
    await expect.poll(() => stateOf(page)).toBe('待寄样');
    expect(await page.getByTestId('order-total').innerText()).not.toBe('待报价');
    await expect.poll(() => page.getByTestId('timeline-row').first().innerText()).toMatch(/报价[\s\S]*王经理[\s\S]*待报价 → 待寄样/);

    await openOrder(page, other.id);
    await button(page.getByTestId('order-actions'), '取消订单').click();
    const cancel = await opened(dialogOf(page, '取消订单'));
    await button(cancel, '取消订单').click();
    await expect.poll(() => fieldErrors(cancel)).toEqual(['[取消原因]不能为空']);
    await cancel.getByLabel('取消原因').fill('客户改用其他方案');
    await button(cancel, '取消订单').click();
    await cancel.waitFor({ state: 'hidden' });
    await expect.poll(() => stateOf(page)).toBe('已取消');
    await page.getByTestId('timeline-row').filter({ hasText: '客户改用其他方案' }).waitFor();
  });

  it('the lab receives, starts testing and delivers; a second browser on a stale page is told and sees the order as it is now', async () => {
    const { page } = b;
    await signIn(page, 'lab');
    await openOrder(page, quoted.id);
    await act(page, '确认收样', '样品完好，共 1 袋');
    await expect.poll(() => stateOf(page)).toBe('已收样');

    // A colleague opened the order in another browser before it moved on.
    const stale = await b.newDevice(DESKTOP);
    await signIn(stale, 'lab');
    await openOrder(stale, quoted.id);
    expect(await stateOf(stale)).toBe('已收样');

    await act(page, '开始实验');
    await expect.poll(() => stateOf(page)).toBe('实验中');

    await button(stale.getByTestId('order-actions'), '开始实验').click();
    const dialog = await opened(dialogOf(stale, '开始实验'));
    await button(dialog, '开始实验').click();
    // The server's 409: the state it is in now, shown to the one who came second.
    await toast(stale, '订单状态已变化（当前为「实验中」），请刷新后重试').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The page read the order again: it is testing now, and the next step is offered.
    await expect.poll(() => stateOf(stale)).toBe('实验中');
    await button(stale.getByTestId('order-actions'), '交付数据').waitFor();

    // 交付数据 needs a reviewed result file (ADR 0041; e2e/order-lab.spec.ts does it on the page).
    await reviewedResultFile(s.baseUrl, await staffToken(s.baseUrl, 'lab'), quoted.id);
    await act(page, '交付数据');
    await expect.poll(() => stateOf(page)).toBe('数据已交付');
    // The order's moves (samples and files have timeline entries of their own in between, ADR 0041).
    const moves = new Set(['交付数据', '开始实验', '确认收样']);
    const rows = (await page.getByTestId('timeline-row').allInnerTexts()).filter((r) => moves.has(r.split(' · ')[0]!));
    expect(rows.map((r) => r.split(' · ')[0])).toEqual(['交付数据', '开始实验', '确认收样']);
    expect(rows[2]).toMatch(/李实验员[\s\S]*待寄样 → 已收样[\s\S]*样品完好，共 1 袋/);
    await screenshotAtWidths(page, SPEC, 'detail-delivered');
  });

  it('the admin reads the order’s history from the audit log', async () => {
    const { page } = b;
    await signIn(page, 'admin', await totpCode(adminSecret, 30));
    await openOrder(page, quoted.id);
    // The history button (its icon is named history), not 新增检测记录.
    await page.getByRole('button', { name: /^history\s*记\s*录$/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `操作记录 · ${quoted.no}` });
    await expect
      .poll(() => drawer.getByTestId('history-row').allInnerTexts())
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^订单交付数据/),
          expect.stringMatching(/^订单确认收样/),
          expect.stringMatching(/^订单报价/),
        ]),
      );
    const list = await staffCall<ListPage<AdminOrderSummary>>(s.baseUrl, 'adminOrderList', adminToken, { state: 'delivered' });
    expect(list.list.map((o) => o.no)).toContain(quoted.no);
  });
});
