import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceDetail, DeviceSummary } from '@yance/contracts/catalog';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer, type TestUser } from './support/accounts.ts';
import { apiGet, searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { artifactsDir, screenshotAtWidths } from './support/screenshot.ts';
import { button, chooseOption, enrol, signInToConsole } from './support/staff.ts';
import { confirmedOrder } from './support/money.ts';

const SPEC = 'evaluation';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const COMMENT = '出数据很快，谱图干净，峰位标注清楚。';
const REPLY = '感谢认可，下次有样品可以为您安排加急。';

let student: TestUser;
let item: DeviceSummary;
let order: { id: number; no: string };

/** No horizontal scroll: the page is no wider than the window. */

describe('evaluations (issue 9, ADR 0048)', () => {
  it('the student evaluates the item on the confirmed order’s page; the line then shows the stars and the comment', async () => {
    student = await registerUser(s.server);
    item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)!;
    await attestStudent(s.baseUrl, student.tokens.token);
    await addAddress(s.baseUrl, student.tokens.token);
    order = await confirmedOrder(s.baseUrl, student, item.rid, (await enrol(s.baseUrl, 'lab')).token);

    const page = b.page;
    await signInWith(page, student.tokens, `/member/order?id=${order.id}`);
    // The line's own 评价 (the order's header also offers it as the next step, ADR 0062).
    const evaluate = button(page.getByRole('region', { name: '检测项目' }), '评价');
    await evaluate.waitFor();
    await evaluate.click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '评价项目' }));
    // Stars are required: nothing is sent without them.
    await button(dialog, '提交评价').click();
    await dialog.getByRole('alert').filter({ hasText: '请选择评分' }).waitFor();
    await dialog.locator('.ant-rate-star').nth(3).click();
    await dialog.getByText('满意', { exact: true }).waitFor();
    await dialog.getByLabel('评价内容').fill(COMMENT);
    expect(await dialog.locator('.ant-input-data-count').innerText()).toBe(`${COMMENT.length} / 500`);
    await screenshotAtWidths(page, SPEC, 'order-dialog');
    expect(await fitsWidth(page)).toBe(true);
    await button(dialog, '提交评价').click();
    await toast(page, '感谢您的评价').waitFor();
    const mine = page.getByTestId('line-evaluation');
    await mine.waitFor();
    expect(await mine.innerText()).toContain(COMMENT);
    expect(await mine.locator('.ant-rate-star-full').count()).toBe(4);
    // Evaluated once: the button is gone.
    expect(await evaluate.count()).toBe(0);
  });

  it('the manager finds it in 评价管理 (未回复) and replies; the student’s line and the item’s page show the reply and the average', async () => {
    const page = b.page;
    await signInToConsole(
      page,
      async (p) => {
        await page.goto(p, { waitUntil: 'domcontentloaded' });
        await waitForApp(page);
      },
      'manager',
    );
    await page.getByRole('menuitem', { name: '评价管理' }).click();
    await page.waitForURL('**/admin/evaluations');
    await chooseOption(page, page.getByRole('combobox', { name: '回复状态' }), '未回复');
    await page.waitForURL('**/admin/evaluations?replied=no');
    const row = page.locator('.ant-table-row').filter({ hasText: order.no });
    await row.waitFor();
    expect(await row.innerText()).toContain(COMMENT);
    expect(await row.getByRole('link', { name: order.no }).getAttribute('href')).toBe(`/admin/orders/${order.id}`);
    await button(row, '回复').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '回复评价' }));
    await button(dialog, '保存回复').click();
    await dialog.getByRole('alert').filter({ hasText: '[回复内容]不能为空' }).waitFor();
    await dialog.getByLabel('回复内容').fill(REPLY);
    await button(dialog, '保存回复').click();
    await toast(page, '回复已保存').waitFor();
    // Replied: it leaves the 未回复 list; 已回复 shows it with the reply and 修改回复.
    await row.waitFor({ state: 'detached' });
    await page.goto('/admin/evaluations?replied=yes', { waitUntil: 'domcontentloaded' });
    const done = page.locator('.ant-table-row').filter({ hasText: order.no });
    await done.getByTestId('evaluation-reply').filter({ hasText: REPLY }).waitFor();
    await button(done, '修改回复').waitFor();
    await screenshotAtWidths(page, SPEC, 'console-room');

    // The student: the reply under their evaluation, and a message.
    await signInWith(page, student.tokens, `/member/order?id=${order.id}`);
    await page.getByTestId('line-evaluation').filter({ hasText: REPLY }).waitFor();
    const messages = await call<{ list: { kind: string; orderId: number }[] }>(
      s.baseUrl,
      'messageList',
      {},
      { token: student.tokens.token },
    );
    expect(messages.data.list[0]).toMatchObject({ kind: 'evaluationReply', orderId: order.id });

    // The item's page: the average near the top, the comment with its reply in 用户评价.
    const detail = await apiGet<DeviceDetail>(s.baseUrl, 'deviceDetail', { rid: item.rid });
    expect(detail.rating_count).toBeGreaterThan(0);
    await page.goto(`/detail/${item.rid}`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const summary = page.getByTestId('rating-summary').first();
    expect(await summary.innerText()).toContain(`${detail.rating_avg!.toFixed(1)}`);
    expect(await summary.innerText()).toContain(`${detail.rating_count}条评价`);
    const review = page.getByTestId('review').filter({ hasText: COMMENT });
    await review.waitFor();
    expect(await review.innerText()).toContain(REPLY);
    const phone = student.phone;
    expect(await review.innerText()).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, SPEC, 'item-page');
    // The section itself, readable at both widths.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: '用户评价' }) });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(artifactsDir, `${SPEC}-item-reviews-${width}.png`), animations: 'disabled' });
      expect(await fitsWidth(page)).toBe(true);
    }
  });
});
