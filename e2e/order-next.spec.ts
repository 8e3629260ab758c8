// Every order state that waits for the customer shows its action where the customer is (issue 21, ADR 0062):
// on the order's row in 我的订单, on the order's page, in the message that announced it and in the member
// centre's 待我处理 — 签署合同, 支付, 补差价, 填写快递单号, 预约上门取样, 确认数据, 结算, 评价, 申请开票.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addAddress, attestStudent, call, registerUser, signInWith, useServer, type TestUser } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { apiOk, confirmedOrder, newKey, paidTopUp } from './support/money.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { labDelivers, staffCall, staffToken } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'order-next';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

/** The button each step shows (contracts' ORDER_NEXT_LABELS, written out: the test reads what a person reads). */
const LABEL = {
  signContract: '签署合同',
  pay: '支付',
  payAdjustment: '补差价',
  ship: '填写快递单号',
  bookPickup: '预约上门取样',
  confirmData: '确认数据',
  settle: '结算',
  evaluate: '评价',
  invoice: '申请开票',
} as const;
type Step = keyof typeof LABEL;

async function enterprise(): Promise<TestUser> {
  const firm = await registerUser(s.server);
  const profile = await call(
    s.baseUrl,
    'update4profile',
    { name: '周工', email: 'zhou@example.com', organization: 2, company: '研测材料科技有限公司', region: '110108', address: '双清路30号' },
    { token: firm.tokens.token },
  );
  expect(profile.code, profile.msg).toBe(1);
  await addAddress(s.baseUrl, firm.tokens.token);
  return firm;
}

async function place(u: TestUser, rid: string, delivery: 0 | 1 = 0) {
  const token = u.tokens.token;
  const line = apiOk(await call<{ id: number }>(s.baseUrl, 'planAdd', { rid, count: 1, choices: {} }, { token }));
  return apiOk(
    await call<{ id: number; no: string; state: string }>(
      s.baseUrl,
      'orderAdd',
      {
        delivery,
        agreementVersion: AGREEMENT_VERSION,
        lines: [{ planId: line.id, samples: [{ name: '粉末A', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
      },
      { token },
    ),
  );
}

async function uploadScan(u: TestUser, orderId: number) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n% signed\n%%EOF\n')]), '合同-已签.pdf');
  const res = await fetch(new URL(`/api/auth/contract/upload?orderId=${orderId}`, s.baseUrl), {
    method: 'POST',
    headers: { token: u.tokens.token },
    body: form,
  });
  expect(res.status).toBe(200);
}

/** The order's row on 我的订单 and its page each show the step's button (the main step first). */
async function expectStepShown(page: Page, order: { id: number; no: string }, steps: Step[], shot?: string) {
  await page.goto(`/member/order`, { waitUntil: 'domcontentloaded' });
  const row = page.getByTestId('order-card').and(page.locator(`[data-no="${order.no}"]`));
  await row.waitFor();
  for (const step of steps) await row.getByRole('button', { name: LABEL[step], exact: true }).waitFor();
  expect(await row.getByTestId('next-step').allInnerTexts()).toEqual(steps.map((st) => LABEL[st]));
  if (shot) await screenshotAtWidths(page, SPEC, `${shot}-list`);
  await page.goto(`/member/order?id=${order.id}`, { waitUntil: 'domcontentloaded' });
  await page.locator('#order-no').filter({ hasText: order.no }).waitFor();
  // Each step's button on the page: in its head, or (填写快递单号, 预约上门取样) the 取样信息 panel's own.
  for (const step of steps) await page.getByRole('button', { name: LABEL[step], exact: true }).first().waitFor();
  if (shot) await screenshotAtWidths(page, SPEC, shot);
}

describe('every state that waits for the customer shows its action on the row and the page (issue 21)', () => {
  it('an enterprise: 签署合同 (to the contract page), 支付 (the message links it), 填写快递单号, 补差价', async () => {
    const firm = await enterprise();
    const items = (await searchDevices(s.baseUrl, { pageSize: 50 })).list.filter(
      (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    );
    const rid = items[0]!.rid;
    const manager = await staffToken(s.baseUrl, 'manager');
    const lab = await staffToken(s.baseUrl, 'lab');

    const signing = await place(firm, rid);
    expect(signing.state).toBe('contracting');
    // Its first scan is sent back: the order waits for a signed contract again, and a message says so.
    await uploadScan(firm, signing.id);
    await staffCall(s.baseUrl, 'adminContractReject', manager, { orderId: signing.id, reason: '缺少盖章' });
    const paying = await place(firm, rid);
    await uploadScan(firm, paying.id);
    await staffCall(s.baseUrl, 'adminOrderConfirmContract', manager, { id: paying.id, expect: 'contracting' });
    const shipping = await place(firm, rid);
    await uploadScan(firm, shipping.id);
    await staffCall(s.baseUrl, 'adminOrderConfirmContract', manager, { id: shipping.id, expect: 'contracting' });
    const adjusting = await place(firm, rid);
    await uploadScan(firm, adjusting.id);
    await staffCall(s.baseUrl, 'adminOrderConfirmContract', manager, { id: adjusting.id, expect: 'contracting' });
    await paidTopUp(s.baseUrl, firm, 5_000_000);
    for (const o of [shipping, adjusting])
      apiOk(await call(s.baseUrl, 'payOrder', { orderId: o.id, idempotencyKey: newKey() }, { token: firm.tokens.token }));
    await staffCall(s.baseUrl, 'adminOrderReceive', lab, { id: adjusting.id, expect: 'awaitingSample' });
    await staffCall(s.baseUrl, 'adminOrderStartTesting', lab, { id: adjusting.id, expect: 'received' });
    const total = apiOk(
      await call<{ total_fen: number }>(s.baseUrl, 'orderDetail', { id: adjusting.id }, { token: firm.tokens.token }),
    ).total_fen;
    await staffCall(s.baseUrl, 'adminOrderAdjust', lab, { id: adjusting.id, final_fen: total + 10_000, reason: '多测一个样品' });

    const { page } = b;
    await signInWith(page, firm.tokens, '/member/center');
    // The member centre counts what waits, and names it.
    const todo = page.getByTestId('order-todo');
    await todo.getByTestId('order-todo-total').filter({ hasText: '4' }).waitFor();
    expect(await todo.getByTestId('order-todo-count').allInnerTexts()).toEqual([
      '待签署合同 1',
      '待支付 1',
      '待补差价 1',
      '待填写快递单号 1',
    ]);
    await screenshotAtWidths(page, SPEC, 'member-centre-todo');

    await expectStepShown(page, signing, ['signContract'], 'contracting');
    await page.getByTestId('next-step').filter({ hasText: '签署合同' }).click();
    await page.waitForURL('**/experiment/contract');
    // Its scan was sent back: its row offers to upload it again.
    await page.getByRole('row').filter({ hasText: signing.no }).getByText('重新上传').waitFor();

    await expectStepShown(page, paying, ['pay'], 'unpaid');
    await expectStepShown(page, shipping, ['ship'], 'awaiting-sample');
    await page.getByRole('button', { name: '填写快递单号', exact: true }).click();
    await page.getByRole('dialog').getByLabel('快递单号').waitFor();
    await screenshotAtWidths(page, SPEC, 'ship-dialog');
    await page.keyboard.press('Escape');
    await expectStepShown(page, adjusting, ['payAdjustment'], 'adjustment');

    // The message that announced 待付款 links to paying it.
    await page.goto('/member/message', { waitUntil: 'domcontentloaded' });
    const message = page.getByTestId('message-item').filter({ hasText: '合同已确认，请支付订单' }).filter({ hasText: paying.no });
    await message.getByTestId('message-next-step').filter({ hasText: '支付' }).waitFor();
    await screenshotAtWidths(page, SPEC, 'messages');
    await message.getByTestId('message-next-step').click();
    await page.waitForURL('**/member/unpaid');
    await page.getByTestId('due-order').filter({ hasText: paying.no }).waitFor();

    // The message that sent the contract back links to signing it.
    await page.goto('/member/message', { waitUntil: 'domcontentloaded' });
    const returned = page.getByTestId('message-item').filter({ hasText: '签署合同被退回' }).filter({ hasText: signing.no });
    await returned.getByTestId('message-next-step').filter({ hasText: '签署合同' }).click();
    await page.waitForURL('**/experiment/contract');
    await page.getByRole('row').filter({ hasText: signing.no }).getByText('重新上传').waitFor();
    expect(b.pageErrors).toEqual([]);
  });

  it('an institution: 预约上门取样, 确认数据 (its popup below the title), 结算 with 评价, then 评价 and 申请开票', async () => {
    const u = await registerUser(s.server);
    await attestStudent(s.baseUrl, u.tokens.token);
    await addAddress(s.baseUrl, u.tokens.token);
    const items = (await searchDevices(s.baseUrl, { pageSize: 50 })).list.filter(
      (d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    );
    const rid = items[0]!.rid;
    const lab = await staffToken(s.baseUrl, 'lab');

    const pickup = await place(u, rid, 1);
    expect(pickup.state).toBe('awaitingPickup');
    const delivered = await place(u, rid);
    await labDelivers(s.baseUrl, lab, delivered.id);
    const settling = await confirmedOrder(s.baseUrl, u, rid, lab);
    const done = await confirmedOrder(s.baseUrl, u, rid, lab);
    await paidTopUp(s.baseUrl, u, 2_000_000);
    apiOk(await call(s.baseUrl, 'settlementAdd', { orderIds: [done.id], idempotencyKey: newKey() }, { token: u.tokens.token }));

    // And a draft, saved to finish later (保存草稿).
    const draftLine = apiOk(await call<{ id: number }>(s.baseUrl, 'planAdd', { rid, count: 1, choices: {} }, { token: u.tokens.token }));
    apiOk(
      await call(
        s.baseUrl,
        'orderAdd',
        {
          delivery: 0,
          draft: true,
          agreementVersion: AGREEMENT_VERSION,
          lines: [{ planId: draftLine.id, samples: [{ name: '粉末B', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
        },
        { token: u.tokens.token },
      ),
    );

    const { page } = b;
    await signInWith(page, u.tokens, '/member/center');
    await page.getByTestId('order-todo').getByTestId('order-todo-total').filter({ hasText: '4' }).waitFor();
    // 我的订单: 全部 counts every order, the draft among them, and 草稿 the draft (issue 21: 全部 left it out).
    await page.goto('/member/order', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByTestId('order-tab-all').innerText()).toMatch(/^全部\s*5$/);
    expect(await page.getByTestId('order-tab-draft').innerText()).toMatch(/^草稿\s*1$/);
    await screenshotAtWidths(page, SPEC, 'order-tabs');

    await expectStepShown(page, pickup, ['bookPickup'], 'awaiting-pickup');
    await expectStepShown(page, settling, ['settle', 'evaluate'], 'unsettled');
    await expectStepShown(page, done, ['evaluate', 'invoice'], 'completed');
    await page.getByTestId('next-step').filter({ hasText: '评价' }).click();
    await page.getByRole('dialog').filter({ hasText: '评价' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('next-step').filter({ hasText: '申请开票' }).click();
    await page.waitForURL('**/member/invoiceLs?apply=*');
    await page.getByRole('dialog').filter({ hasText: '申请开票' }).waitFor();

    await expectStepShown(page, delivered, ['confirmData'], 'delivered');
    // 确认数据's question opens below its button: the order's title stays readable.
    await page.getByTestId('next-step').filter({ hasText: '确认数据' }).click();
    const pop = page.locator('.ant-popover').filter({ hasText: '确认已收到并核对实验数据' });
    await pop.waitFor();
    const [title, box] = [await page.locator('#order-no').boundingBox(), await pop.boundingBox()];
    expect(box!.y, 'the popup starts below the title').toBeGreaterThanOrEqual(title!.y + title!.height);
    await screenshotAtWidths(page, SPEC, 'confirm-data');
    // The message that announced the data links to confirming it: the order's page, its question open.
    await page.goto('/member/message', { waitUntil: 'domcontentloaded' });
    const announced = page.getByTestId('message-item').filter({ hasText: '检测数据已交付' }).filter({ hasText: delivered.no });
    await announced.getByTestId('message-next-step').filter({ hasText: '确认数据' }).click();
    await page.waitForURL(`**/member/order?id=${delivered.id}&step=confirmData`);
    await pop.waitFor();
    await pop.getByRole('button', { name: '确认' }).click();
    await page.getByTestId('order-state').filter({ hasText: '待结算' }).waitFor();
    expect(b.pageErrors).toEqual([]);
  });
});
