import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { Page } from 'playwright-core';
import { addAddress, attestStudent, call, registerUser, signInWith, useServer, type TestUser } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol, reviewedResultFile, staffCall } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'messages';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** An attested student's self-send order for one priced item (待寄样). */
async function orderFor(user: TestUser): Promise<{ id: number; no: string }> {
  const token = user.tokens.token;
  await attestStudent(s.baseUrl, token);
  await addAddress(s.baseUrl, token);
  const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
    (d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
  )!;
  const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
  const order = await call<{ id: number; no: string; state: string }>(
    s.baseUrl,
    'orderAdd',
    {
      delivery: 0,
      agreementVersion: AGREEMENT_VERSION,
      lines: [{ planId: line.data.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
    },
    { token },
  );
  expect(order.data, order.msg).toMatchObject({ state: 'awaitingSample' });
  return order.data;
}

const badge = (page: Page) => page.getByTestId('message-bell').filter({ visible: true }).getByTestId('message-badge');

let student: TestUser;
let order: { id: number; no: string };

describe('order notices and the message centre (ADR 0046)', () => {
  it('an order delivered by the lab shows on the student’s bell; the message page reads them and links to the order', async () => {
    student = await registerUser(s.server);
    order = await orderFor(student);
    const lab = (await enrol(s.baseUrl, 'lab')).token;
    await staffCall(s.baseUrl, 'adminOrderReceive', lab, { id: order.id, expect: 'awaitingSample', note: '样品完好' });
    await staffCall(s.baseUrl, 'adminOrderStartTesting', lab, { id: order.id, expect: 'received' });

    const page = b.page;
    // Not the home page: its promotional popup would cover the header.
    await signInWith(page, student.tokens, '/contact');
    // Received: one message so far.
    await expect.poll(() => badge(page).innerText()).toBe('1');
    // 交付数据 needs a reviewed result file (ADR 0041).
    await reviewedResultFile(s.baseUrl, lab, order.id);
    await staffCall(s.baseUrl, 'adminOrderDeliver', lab, { id: order.id, expect: 'testing' });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await expect.poll(() => badge(page).innerText()).toBe('2');
    await screenshotAtWidths(page, SPEC, 'header-unread');

    await page.getByTestId('message-bell').filter({ visible: true }).click();
    await page.waitForURL('**/member/message');
    const items = page.getByTestId('message-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().innerText()).toContain('检测数据已交付');
    expect(await items.first().innerText()).toContain(order.no);
    expect(await items.nth(1).innerText()).toContain('样品已签收');
    // Read by a signed-in customer: no message asks them to sign in (issue 21; the SMS still says 请登录研测).
    expect(await items.first().innerText()).toContain('请查看并下载结果文件');
    expect((await items.allInnerTexts()).join('\n')).not.toContain('请登录');
    expect(await page.getByRole('heading', { name: /我的消息/ }).innerText()).toContain('2 条未读');
    await screenshotAtWidths(page, SPEC, 'message-page');

    // 标为已读 on the receipt: one left, on the page and on the bell.
    await button(items.nth(1), '标为已读').click();
    await expect.poll(() => items.nth(1).getAttribute('data-read')).toBe('true');
    await expect.poll(() => badge(page).innerText()).toBe('1');
    // 查看订单 reads the delivery notice and opens the order.
    await items
      .first()
      .getByRole('link', { name: new RegExp(`查看订单 ${order.no}`) })
      .click();
    await page.waitForURL(`**/member/order?id=${order.id}`);
    await expect.poll(() => badge(page).count()).toBe(0);
    await page.goBack();
    await expect.poll(() => page.getByTestId('message-item').first().getAttribute('data-read')).toBe('true');
    expect(await page.getByRole('button', { name: '全部标为已读' }).isDisabled()).toBe(true);
    await screenshotAtWidths(page, SPEC, 'message-page-read');
  });
});
