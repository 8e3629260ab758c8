import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DeviceSummary } from '@yance/contracts/catalog';
import { addAddress, attestStudent, call, registerUser, signInWith, useServer, type TestUser } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshot, screenshotAtWidths } from './support/screenshot.ts';
import { button, signInStaff, staffCall, staffToken } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'order-lab';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** A two-column powder scan, as the diffractometer exports it. */
const XY =
  Array.from(
    { length: 200 },
    (_, i) => `${(10 + i * 0.35).toFixed(2)}\t${Math.round(150 + 900 * Math.exp(-(((10 + i * 0.35 - 25.6) / 0.4) ** 2)))}`,
  ).join('\n') + '\n';

let student: TestUser;
let order: { id: number; no: string };

async function signInLab(page: Page) {
  await signInStaff(
    page,
    async (p) => {
      await page.goto(p, { waitUntil: 'domcontentloaded' });
      await waitForApp(page);
    },
    'lab',
  );
  await page.getByTestId('staff-name').waitFor();
}

describe('the lab’s work (issue 9, ADR 0041)', () => {
  it('a student posts two samples; the lab signs each in on 到样签收 (the order follows) and prints their labels', async () => {
    student = await registerUser(s.server);
    const token = student.tokens.token;
    await attestStudent(s.baseUrl, token);
    // With a default address no attestation popup opens after sign-in (spec §4).
    const home = await addAddress(s.baseUrl, token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
      (d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    )!;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 2, choices: {} }, { token });
    const placed = await call<{ id: number; no: string }>(
      s.baseUrl,
      'orderAdd',
      {
        delivery: 0,
        agreementVersion: AGREEMENT_VERSION,
        // The sample asked back goes home (ADR 0070).
        returnAddressRid: home,
        lines: [
          {
            planId: line.data.id,
            samples: [
              { name: 'LiFePO4-700℃', count: 1, form: 'powder', hazards: [], returnSample: false },
              { name: 'LiFePO4-800℃', count: 1, form: 'powder', hazards: [], returnSample: true },
            ],
          },
        ],
      },
      { token },
    );
    expect(placed.code, placed.msg).toBe(1);
    order = placed.data;
    const sent = await call(
      s.baseUrl,
      'samplingAdd',
      { orderId: order.id, type: 0, express_company: '顺丰速运', express_no: 'SF1234567890' },
      { token },
    );
    expect(sent.code, sent.msg).toBe(1);

    const { page } = b;
    await signInLab(page);
    await page.goto(`/admin/samples`, { waitUntil: 'domcontentloaded' });
    await page.getByPlaceholder('订单号、样品编号、样品名称、快递单号').fill(order.no);
    await page.getByPlaceholder('订单号、样品编号、样品名称、快递单号').press('Enter');
    await page.getByTestId(`check-in-${order.no}-01`).waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    expect(await page.locator('.ant-table-row').first().innerText()).toContain('SF1234567890');
    await screenshotAtWidths(page, SPEC, 'arrivals');
    for (const n of ['01', '02']) {
      await page.getByTestId(`check-in-${order.no}-${n}`).click();
      const pop = await opened(page.locator('.ant-popover').filter({ hasText: `签收样品 ${order.no}-${n}` }));
      await button(pop, '签收').click();
      await page.getByTestId(`check-in-${order.no}-${n}`).waitFor({ state: 'detached' });
    }
    const detail = await call<{ state: string }>(s.baseUrl, 'orderDetail', { id: order.id }, { token });
    expect(detail.data.state).toBe('received');

    await page.goto(`/admin/orders/${order.id}/labels`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByTestId('sample-label').count()).toBe(2);
    expect(await page.getByTestId('sample-label').first().innerText()).toContain(`${order.no}-01`);
    await page.getByTestId('sample-label').first().locator('svg').waitFor();
    await screenshotAtWidths(page, SPEC, 'labels');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, SPEC, 'labels-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('records a test, uploads an XRD .xy file with progress, reviews it and delivers', async () => {
    const { page } = b;
    // Each test has its own browser context: sign in again.
    await signInLab(page);
    await page.goto(`/admin/orders/${order.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('order-title').waitFor();
    await button(page.getByTestId('order-actions'), '开始实验').click();
    const start = await opened(page.getByRole('dialog').filter({ hasText: '开始实验 · ' }));
    await button(start, '开始实验').click();
    await start.waitFor({ state: 'hidden' });

    await page.getByTestId('add-record').click();
    const rec = await opened(page.getByRole('dialog').filter({ hasText: '新增检测记录' }));
    await rec.getByLabel('仪器').fill('Bruker D8 Advance');
    await rec.getByLabel('测试条件').fill('Cu Kα，10–80°，0.02°/步');
    await button(rec, '保存').click();
    await rec.waitFor({ state: 'hidden' });
    await page.getByText('Bruker D8 Advance').first().waitFor();

    // 交付数据 before a reviewed file: refused by the server, said in Chinese.
    await button(page.getByTestId('order-actions'), '交付数据').click();
    const early = await opened(page.getByRole('dialog').filter({ hasText: '交付数据 · ' }));
    await button(early, '交付数据').click();
    await page.locator('.ant-message').getByText('尚无审核通过的结果文件，不能交付数据').waitFor();
    // A 409 closes the dialog and reloads the order (use-order-move.ts).
    await early.waitFor({ state: 'hidden' });

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-result').click();
    await (await chooser).setFiles({ name: `${order.no}-01.xy`, mimeType: 'text/plain', buffer: Buffer.from(XY) });
    await expect.poll(() => page.getByTestId('file-state').allInnerTexts()).toEqual(['待审核']);
    // Four eyes (issue 21): the lab member who uploaded it may not pass it …
    await button(page, '审核通过').click();
    await page
      .locator('.ant-message')
      .getByText(/结果文件须由上传人以外的另一位员工审核通过/)
      .waitFor();
    expect(await page.getByTestId('file-state').allInnerTexts()).toEqual(['待审核']);
    // … unless the operator says the lab is one person.
    await staffCall(s.baseUrl, 'settingLabReviewSave', await staffToken(s.baseUrl, 'operator'), { labReview: { singlePersonLab: true } });
    await button(page, '审核通过').click();
    await expect.poll(() => page.getByTestId('file-state').allInnerTexts()).toEqual(['审核通过']);
    await screenshotAtWidths(page, SPEC, 'console-order-lab');

    await button(page.getByTestId('order-actions'), '交付数据').click();
    const deliver = await opened(page.getByRole('dialog').filter({ hasText: '交付数据 · ' }));
    await button(deliver, '交付数据').click();
    await deliver.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('order-head').getByTestId('order-state').innerText()).toBe('数据已交付');
  });

  it('the student reads the record, downloads the file on the order detail, and sees the states on /member/sample', async () => {
    const page = await b.newDevice({ width: 1280, height: 900 });
    await signInWith(page, student.tokens, `/member/order?id=${order.id}`);
    await page.getByTestId('test-records').getByText('Bruker D8 Advance').waitFor();
    const got = page.waitForEvent('download');
    await page.getByTestId('download-file').click();
    const file = await got;
    expect(file.suggestedFilename()).toBe(`${order.no}-01.xy`);
    const saved = path.join('/tmp', `h-lab-${order.id}.xy`);
    await file.saveAs(saved);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(saved, 'utf8')).toBe(XY);
    await screenshotAtWidths(page, SPEC, 'member-order-detail');

    await page.goto('/member/sample', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByTestId('member-sample').count()).toBe(2);
    // The sample asked back waits to be returned (ADR 0070), no longer 检测中 after delivery.
    expect(await page.getByTestId('sample-state').allInnerTexts()).toEqual(['留样中', '待退还']);
    expect(await page.getByTestId('member-sample').first().innerText()).toContain('SF1234567890');
    await screenshotAtWidths(page, SPEC, 'member-sample');
  });
});
