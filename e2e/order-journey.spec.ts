import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { OrderDetail } from '@yance/contracts/order';
import { chinaToday, isPickableDate, isSlotDisabled, slotsOf } from '@yance/contracts/sampling-rules';
import type { SamplingListResponse } from '@yance/contracts/sampling';
import type { WebSettings } from '@yance/contracts/setting';
import type { StaffMe } from '@yance/contracts/staff';
import {
  addAddress,
  attestStudent,
  call,
  dialogTitled,
  registerUser,
  signInWith,
  toast,
  useServer,
  type TestUser,
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, reviewedResultFile, signInToConsole, staffCall, staffToken } from './support/staff.ts';
import { acceptAgreement, chooseBookAddress } from './support/order.ts';

/**
 * Issue 9's journey in one piece: a student orders two items with pick-up in the
 * browser and books the collection; the lab takes the pick-up, receives the
 * samples, records the tests and delivers a reviewed XRD scan; the student reads
 * the timeline and the plot, confirms the data and evaluates both items. The
 * console's own rooms for each staff step have their specs (admin-pickups,
 * order-lab, evaluation); the enterprise's contract is demand-contract's.
 */
const SPEC = 'order-journey';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A powder pattern with two clear reflections, 2θ 10–80° in 0.02° steps, as a diffractometer exports it. */
const XRD = Array.from({ length: 3501 }, (_, i) => {
  const x = 10 + i * 0.02;
  const peak = (at: number, h: number) => h * Math.exp(-(((x - at) / 0.15) ** 2));
  return `${x.toFixed(2)}\t${Math.round(200 + peak(25.3, 4000) + peak(48.1, 1800))}`;
}).join('\n');

let student: TestUser;
let orderId: number;
let orderNo: string;

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function addFromDetail(page: Page, rid: string) {
  await page.goto(`/detail/${rid}`, { waitUntil: 'domcontentloaded' });
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: '加入实验方案' }).filter({ visible: true }).first().click();
  await toast(page, '已加入实验方案').first().waitFor({ state: 'visible' });
}

describe('the ordering journey (issue 9)', () => {
  it('a student orders two items with pick-up and books the collection from the order page', async () => {
    student = await registerUser(s.server);
    await attestStudent(s.baseUrl, student.tokens.token);
    await addAddress(s.baseUrl, student.tokens.token);
    const priced = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.filter(
      (d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    );
    const a = priced[0]!;
    const c = priced.find((d) => d.name !== a.name)!;

    const page = b.page;
    await signInWith(page, student.tokens, `/detail/${a.rid}`);
    await addFromDetail(page, a.rid);
    await addFromDetail(page, c.rid);
    await page.goto('/experiment/plan', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByTestId('plan-line').count()).toBe(2);
    await page.getByRole('button', { name: '去下单' }).click();
    await expectPath(page, '/experiment/order');
    const lines = page.getByTestId('order-line');
    await expect.poll(() => lines.count()).toBe(2);
    for (const [i, name] of ['TiO2 锐钛矿粉末', 'TiO2 金红石粉末'].entries()) {
      await lines.nth(i).getByPlaceholder('如：TiO2 粉末').fill(name);
      await lines.nth(i).getByRole('radio', { name: '粉末' }).check();
    }
    await page.getByRole('radiogroup', { name: '送样方式' }).getByText('上门取样').click();
    await page.getByText('提交订单后，在订单详情中预约上门取样').waitFor();
    await acceptAgreement(page);
    await page.getByRole('button', { name: /提交订单$/ }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });
    await expectPath(page, '/member/order');
    await expect.poll(() => text(page, 'order-state')).toBe('待取样');
    orderNo = (await page.locator('#order-no').innerText()).replace('订单', '').trim();
    orderId = Number(new URL(page.url()).searchParams.get('id'));
    expect(orderId).toBeGreaterThan(0);

    // 预约上门取样: the address book's address, the next pickable day, its first open slot.
    const setting = (await call<WebSettings>(s.baseUrl, 'setting', {})).data.samplingSetting;
    const today = chinaToday(new Date());
    let date = addDays(today, 1);
    while (!isPickableDate(date, today, setting)) date = addDays(date, 1);
    const slot = slotsOf(setting).find((x) => !isSlotDisabled(date, x, setting))!;
    await page.getByRole('button', { name: '预约上门取样' }).click();
    const dialog = await opened(dialogTitled(page, '预约上门取样'));
    await chooseBookAddress(page, dialog, '东城区');
    await dialog.getByLabel('取样日期').fill(date);
    await dialog.getByLabel('取样日期').press('Enter');
    await dialog.getByText(slot, { exact: true }).click();
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功!').first().waitFor({ state: 'visible' });
    await expect.poll(() => text(page, 'sampling-requests')).toContain(`${date} ${slot}`);
  });

  it('the lab takes the pick-up, receives both samples, records the tests and delivers a reviewed XRD scan', async () => {
    const lab = await staffToken(s.baseUrl, 'lab');
    const me = await staffCall<StaffMe>(s.baseUrl, 'adminMe', lab);
    const requests = await call<SamplingListResponse>(s.baseUrl, 'samplingList', { orderId }, { token: student.tokens.token });
    const request = requests.data.list.find((r) => r.state === 'active')!;
    await staffCall(s.baseUrl, 'adminPickupAssign', lab, { id: request.id, staffId: me.id });
    await staffCall(s.baseUrl, 'adminOrderReceive', lab, { id: orderId, expect: 'awaitingPickup' });
    await staffCall(s.baseUrl, 'adminOrderStartTesting', lab, { id: orderId, expect: 'received' });
    const detail = await call<OrderDetail>(s.baseUrl, 'orderDetail', { id: orderId }, { token: student.tokens.token });
    expect(detail.data.samples).toHaveLength(2);
    for (const sample of detail.data.samples)
      await staffCall(s.baseUrl, 'adminTestRecordAdd', lab, {
        sampleId: sample.id,
        instrument: 'Bruker D8 Advance',
        conditions: 'Cu Kα，10–80°，0.02°/步',
        operator: '李实验员',
        testedAt: new Date().toISOString(),
      });
    await reviewedResultFile(s.baseUrl, lab, orderId, `${orderNo}-01.xy`, XRD);
    await staffCall(s.baseUrl, 'adminOrderDeliver', lab, { id: orderId, expect: 'testing' });
  });

  it('the operator finds the notices of receipt and delivery that went to the student’s phone in 通知记录', async () => {
    const operator = await staffToken(s.baseUrl, 'operator');
    // The server's job runner sends them within seconds.
    await expect
      .poll(async () => (await staffCall<{ total: number }>(s.baseUrl, 'noticeList', operator, { to: student.phone })).total, {
        timeout: 20_000,
      })
      .toBe(2);
    const page = b.page;
    await signInToConsole(page, (p) => b.goto(p), 'operator');
    await page.getByRole('menuitem', { name: '通知记录' }).click();
    await expectPath(page, '/admin/notices');
    await page.getByRole('searchbox', { name: '收件人' }).fill(student.phone);
    await page.getByRole('searchbox', { name: '收件人' }).press('Enter');
    const rows = page.locator('.ant-table-row').filter({ hasText: orderNo });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('已发送');
    // The operator may not open orders: the number is text, not a link to a page they would be refused.
    expect(await rows.first().getByRole('link', { name: orderNo }).count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'notices');
  });

  it('the student reads the timeline and the plot, confirms the data and evaluates both items', async () => {
    const page = await b.newDevice({ width: 1280, height: 900 });
    await signInWith(page, student.tokens, `/member/order?id=${orderId}`);
    await expect.poll(() => text(page, 'order-state')).toBe('数据已交付');
    const timeline = page.getByTestId('order-timeline');
    for (const step of ['提交订单', '提交取样信息', '安排上门取样', '确认收样', '开始实验', '交付数据'])
      await expect.poll(() => timeline.innerText()).toContain(step);
    await page.getByTestId('test-records').getByText('Bruker D8 Advance').first().waitFor();
    // The plot of the delivered scan, with its two peaks marked.
    await page.locator('[data-testid="data-plot"][data-drawn="true"]').waitFor();
    const peaks = await page.getByTestId('data-plot-peaks').innerText();
    expect(peaks).toContain('25.3');
    expect(peaks).toContain('48.1');
    await screenshotAtWidths(page, SPEC, 'delivered');

    await button(page, '确认数据').first().click();
    const confirm = await opened(page.locator('.ant-popconfirm').filter({ hasText: '确认已收到并核对实验数据？' }));
    await button(confirm, '确认').click();
    await expect.poll(() => text(page, 'order-state')).toBe('待结算');

    for (const stars of [5, 4]) {
      await button(page, '评价').first().click();
      const dialog = await opened(page.getByRole('dialog').filter({ hasText: '评价项目' }));
      await dialog
        .locator('.ant-rate-star')
        .nth(stars - 1)
        .click();
      await dialog.getByLabel('评价内容').fill(stars === 5 ? '取样准时，数据图一目了然。' : '结果可靠，希望报告再详细些。');
      await button(dialog, '提交评价').click();
      await toast(page, '感谢您的评价').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => page.getByTestId('line-evaluation').count()).toBe(2);
    // The order's own 评价 action goes with the second evaluation's refetch.
    await expect.poll(() => button(page, '评价').count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'evaluated');
  });
});
