// Issue 21 "No false alarms, no double actions" and "Smaller things found": a write says that it went through, once,
// in Chinese, and calls a thing by what it is.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import type { ReservationDay } from '@yance/contracts/booking';
import { BOOKING_SCHEDULE_DEFAULTS } from '@yance/contracts/booking-rules';
import type { Envelope } from '@yance/contracts/envelope';
import type { ContractListResponse } from '@yance/contracts/order-contract';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import type { TopupAddResponse } from '@yance/contracts/topup';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer, type TestUser } from './support/accounts.ts';
import { apiGet, searchDevices, url } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { adminSession, button, enrol, signInToConsole, staffCall, totpCode } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'said-once';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** A one-page PDF, as a scanner sends it (the server checks its %PDF- bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Counts every message toast with `text` the page shows from now on: a toast lives 3 s, and on a busy machine the
 * page can take longer than that to settle, so counting those still on screen at the end could miss one.
 */
async function toastsShown(page: Page, text: string): Promise<() => Promise<number>> {
  const key = `__toasts${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text }) => {
      const seen = new Set<Element>();
      const scan = () =>
        document.querySelectorAll('.ant-message-notice').forEach((n) => {
          if (n.textContent?.includes(text)) seen.add(n);
        });
      new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
      (window as unknown as Record<string, Set<Element>>)[key] = seen;
    },
    { key, text },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, Set<Element>>)[key]!.size, key);
}

/** A bank-transfer top-up as the shop's form files it: the receipt, then prestore/add. */
async function fileTransfer(customer: TestUser, amountFen: number): Promise<TopupAddResponse['topup']> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), '工行回单.pdf');
  const res = await fetch(new URL(url('prestoreUpload'), s.baseUrl), {
    method: 'POST',
    headers: { token: customer.tokens.token },
    body: form,
  });
  const up = (await res.json()) as Envelope<{ id: string }>;
  expect(up.code, up.msg).toBe(1);
  const added = await call<TopupAddResponse>(
    s.baseUrl,
    'prestoreAdd',
    {
      method: 'transfer',
      amountFen,
      payer: '清华大学材料学院',
      receiptId: up.data.id,
      idempotencyKey: randomBytes(18).toString('base64url'),
    },
    { token: customer.tokens.token },
  );
  expect(added.code, added.msg).toBe(1);
  return added.data.topup;
}

describe('a write says it once (issue 21)', () => {
  it('finance confirms a transfer: one 已确认到账, however the button is pressed', async () => {
    const customer = await s.registeredAccount();
    const topup = await fileTransfer(customer, 100_000);
    const { secret } = await enrol(s.baseUrl, 'finance');
    const { page } = b;
    await signInToConsole(page, (p) => b.goto(p), 'finance', await totpCode(secret, 30));
    await b.goto('/admin/money/topups');
    const row = page.getByRole('row', { name: new RegExp(topup.no) });
    await button(row, '审核').click();
    const drawer = page.getByRole('dialog', { name: `充值单 ${topup.no}` });
    await button(drawer, '确认到账').click();
    const confirm = await opened(page.getByRole('dialog', { name: `确认到账 · ${topup.no}` }));
    await confirm.getByLabel('备注').fill('已核对工行回单');
    const confirmed = await toastsShown(page, '已确认到账');
    await button(confirm, '确认到账').dblclick();
    await toast(page, '已确认到账').first().waitFor();
    await page.getByText('没有待到账的充值').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshotAtWidths(page, SPEC, 'topup-confirmed');
    expect(await confirmed()).toBe(1);
    expect(await page.locator('.ant-message-error').count()).toBe(0);

    // A refusal is said once too: the customer closes a transfer while finance has its dialog open.
    const closed = await fileTransfer(customer, 100_000);
    await page.reload();
    const second = page.getByRole('row', { name: new RegExp(closed.no) });
    await button(second, '审核').click();
    await button(page.getByRole('dialog', { name: `充值单 ${closed.no}` }), '确认到账').click();
    const stale = await opened(page.getByRole('dialog', { name: `确认到账 · ${closed.no}` }));
    const gone = await call(s.baseUrl, 'prestoreClose', { id: closed.id }, { token: customer.tokens.token });
    expect(gone.code, gone.msg).toBe(1);
    await button(stale, '确认到账').click();
    const refusal = await stale.getByTestId('answer-error').innerText();
    await page.waitForLoadState('networkidle');
    await screenshotAtWidths(page, SPEC, 'topup-refused');
    expect(await page.getByText(refusal).filter({ visible: true }).count()).toBe(1);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
  });

  it('a booking conflict says 所选时段已被预约 once, in Chinese', async () => {
    const RID = 'd20003';
    const admin = await adminSession(s.baseUrl);
    const instruments = await staffCall<{ deviceId: number; rid: string }[]>(s.baseUrl, 'adminReservationInstruments', admin);
    await staffCall(s.baseUrl, 'adminReservationScheduleSave', admin, {
      deviceId: instruments.find((i) => i.rid === RID)!.deviceId,
      schedule: { ...BOOKING_SCHEDULE_DEFAULTS, hours: Array(7).fill([0, 24 * 60]), bookHoursBefore: 0 },
    });
    const date = (await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: RID })).dates[1]!;
    const slot = (await apiGet<ReservationDay>(s.baseUrl, 'reservationDay', { rid: RID, date })).slots
      .filter((x) => x.state === 'free')
      .at(-2)!.start;
    const [mine, theirs] = [await registerUser(s.server), await registerUser(s.server)];
    for (const u of [mine, theirs]) {
      await attestStudent(s.baseUrl, u.tokens.token);
      await addAddress(s.baseUrl, u.tokens.token);
    }
    const { page } = b;
    await signInWith(page, mine.tokens, `/detail/${RID}`);
    await button(page, '预约上机').first().click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '选择开始时间' }));
    await dialog.locator(`[data-date="${date}"]`).click();
    await dialog.locator(`[data-date="${date}"][aria-pressed="true"]`).waitFor();
    await dialog.getByRole('button', { name: slot, exact: true }).click();
    // Someone else takes the slot while the dialog is open.
    const taken = await call(
      s.baseUrl,
      'reservationAdd',
      { rid: RID, date, start: slot, minutes: 60, remark: '', idempotencyKey: randomBytes(18).toString('base64url') },
      { token: theirs.tokens.token },
    );
    expect(taken.code, taken.msg).toBe(1);
    await button(dialog, '确认预约').click();
    await page
      .getByText(/所选时段已被预约/)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshotAtWidths(page, SPEC, 'booking-conflict');
    expect(
      await page
        .getByText(/所选时段已被预约/)
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    expect(await page.locator('body').innerText()).not.toMatch(/ApiError|409/);
  });

  it('the enterprise uploads its signed contract: 签署件已上传 says so', async () => {
    const login = await call<TokenPair>(s.baseUrl, 'login', { account: '13900000002', password: DEMO_STAFF_PASSWORD });
    expect(login.code, login.msg).toBe(1);
    const contracts = await call<ContractListResponse>(s.baseUrl, 'contractList', {}, { token: login.data.token });
    const order = contracts.data.list.find((c) => c.orderState === 'contracting')!;
    await addAddress(s.baseUrl, login.data.token);
    const { page } = b;
    await signInWith(page, login.data, '/experiment/contract');
    const row = page.getByRole('row').filter({ hasText: order.orderNo });
    const uploaded = await toastsShown(page, '签署件已上传');
    await row.locator('input[type=file]').setInputFiles({ name: '盖章合同.pdf', mimeType: 'application/pdf', buffer: PDF });
    await toast(page, '签署件已上传，等待客户经理确认').waitFor();
    await expect.poll(() => row.innerText()).toContain('待确认');
    await screenshotAtWidths(page, SPEC, 'contract-uploaded');
    expect(await uploaded()).toBe(1);
  });

  it('the lab saves a test record: 检测记录已保存 says so', async () => {
    const user = await registerUser(s.server);
    const token = user.tokens.token;
    await attestStudent(s.baseUrl, token);
    await addAddress(s.baseUrl, token);
    const rid = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
      (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    )!.rid;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid, count: 1, choices: {} }, { token });
    const placed = await call<{ id: number; no: string }>(
      s.baseUrl,
      'orderAdd',
      {
        delivery: 0,
        agreementVersion: AGREEMENT_VERSION,
        lines: [{ planId: line.data.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
      },
      { token },
    );
    expect(placed.code, placed.msg).toBe(1);
    const { token: lab, secret } = await enrol(s.baseUrl, 'lab');
    await staffCall(s.baseUrl, 'adminOrderReceive', lab, { id: placed.data.id, expect: 'awaitingSample' });
    await staffCall(s.baseUrl, 'adminOrderStartTesting', lab, { id: placed.data.id, expect: 'received' });

    const { page } = b;
    await signInToConsole(page, (p) => b.goto(p), 'lab', await totpCode(secret, 30));
    await b.goto(`/admin/orders/${placed.data.id}`);
    await page.getByTestId('add-record').click();
    const rec = await opened(page.getByRole('dialog').filter({ hasText: '新增检测记录' }));
    await rec.getByLabel('仪器').fill('Bruker D8 Advance');
    const saved = await toastsShown(page, '检测记录已保存');
    await button(rec, '保存').click();
    await toast(page, '检测记录已保存').waitFor();
    await rec.waitFor({ state: 'hidden' });
    await page.getByText('Bruker D8 Advance').first().waitFor();
    await screenshotAtWidths(page, SPEC, 'test-record-saved');
    expect(await saved()).toBe(1);
  });
});
