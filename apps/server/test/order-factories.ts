import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminResultFile } from '@yance/contracts/lab';
import type { OrderAddBody } from '@yance/contracts/order';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';
import type { Address } from '@yance/contracts/user';
import { device, orders, projectType, typeChild, userAccount } from '../src/db/schema.ts';
import { insertDevices } from '../src/modules/catalog/catalog-search.repository.ts';
import type { TestApp } from './create-test-app.ts';
import { callApi, createUser, staffTokens, type TestClock, type TestUser } from './factories.ts';

/** Seeded items the order tests use: XRD (¥80/样, two options) and a type-2 on-site item. */
export const XRD = 'd10001';
export const ON_SITE = 'd20001';
/** A 数据分析 item (DFT计算, ¥2000 a job): no samples, nothing to send (ADR 0070). */
export const DFT = 'd30001';

/** Fills the attestation form (organization 2 makes an enterprise), so the customer may order. */
export async function attest(t: TestApp, user: TestUser, organization = 0): Promise<void> {
  const res = await callApi(t, 'update4profile', {
    token: user.tokens.token,
    body: {
      name: '张同学',
      email: 'zhang@example.edu.cn',
      organization,
      company: organization === 2 ? '某材料科技有限公司' : '某大学',
      teacher: organization === 0 ? '李老师' : '',
      region: '110101',
      address: '学院路1号',
    },
  });
  expect(res.body.code).toBe(1);
}

/** A registered, attested customer. */
export async function orderingCustomer(t: TestApp, clock?: TestClock, organization = 0): Promise<TestUser & { id: number }> {
  const user = await createUser(t, clock);
  await attest(t, user, organization);
  const [row] = await t.db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.phone, user.phone));
  return { ...user, id: row!.id };
}

/** An address form in 海淀区 (inside the seeded allowRegion). */
export const haidianAddress = (isDefault: boolean) => ({
  name: '张同学',
  phone: '13800000001',
  province: '北京市',
  city: '北京市',
  area: '海淀区',
  address: '学院路1号',
  address_code: '110108',
  default: isDefault,
});

/** A default address in 海淀区 in the customer's book: where pick-ups go. */
export async function pickupAddress(t: TestApp, user: TestUser): Promise<Address> {
  const res = await callApi(t, 'addressAdd', { token: user.tokens.token, body: haidianAddress(true) });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}

export async function planLine(t: TestApp, user: TestUser, rid = XRD, count = 2, choices: Record<string, string> = {}): Promise<number> {
  const res = await callApi(t, 'planAdd', { token: user.tokens.token, body: { rid, count, choices } });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data.id;
}

/**
 * An order body for these plan lines: one powder sample each, self-send unless told, the service agreement in force
 * ticked (an institution needs it, an enterprise's order ignores it — ADR 0070).
 */
export const orderBody = (planIds: number[], extra: Partial<OrderAddBody> = {}) => ({
  lines: planIds.map((planId) => ({
    planId,
    samples: [{ name: `样品${planId}`, count: 1, form: 'powder' as const, hazards: [], returnSample: false }],
  })),
  delivery: 0 as const,
  agreementVersion: DEFAULT_SERVICE_AGREEMENT.version,
  ...extra,
});

/** Puts one item in the plan and orders it; answers the order's id, number and state. */
export async function placeOrder(t: TestApp, user: TestUser, opts: { rid?: string; delivery?: 0 | 1 } = {}) {
  const line = await planLine(t, user, opts.rid ?? XRD);
  const res = await callApi(t, 'orderAdd', { token: user.tokens.token, body: orderBody([line], { delivery: opts.delivery ?? 0 }) });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}

let customSeq = 0;
/** A 定制项目 (type 31) item with price 0 — no fixed price, so its line waits for a quote — creating type 31 on first use. */
export async function customItem(t: TestApp, opts: { price?: number; onShelf?: boolean } = {}): Promise<{ id: number; rid: string }> {
  await t.db
    .insert(projectType)
    .values({ id: 31, name: '定制项目', img: '/upload/img/type/custom.svg', description: '按需定制', sort: 9 })
    .onConflictDoNothing();
  let [child] = await t.db.select().from(typeChild).where(eq(typeChild.typeId, 31));
  child ??= (await t.db.insert(typeChild).values({ typeId: 31, name: '定制方案' }).returning())[0]!;
  const rid = `c${Date.now() % 100000}${++customSeq}`;
  const [id] = await insertDevices(t.db, [
    {
      rid,
      name: `定制测试${customSeq}`,
      typeId: 31,
      childId: child.id,
      img: '/upload/img/device/xrd.svg',
      sketch: '',
      description: '',
      sampleRequirement: '',
      priceFen: (opts.price ?? 0) as never,
      unit: 'job',
      turnaroundDays: 10,
      onShelf: opts.onShelf ?? true,
    },
  ]);
  return { id: id!, rid };
}

/** Takes an item off the shelf. */
export const offShelf = (t: TestApp, rid: string) => t.db.update(device).set({ onShelf: false }).where(eq(device.rid, rid));

/** A multipart/form-data body: text fields first (the server reads them with the file), then the file. */
export function resultForm(fields: Record<string, string>, bytes: Buffer, filename: string) {
  const boundary = `----yance${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('') + head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The lab uploads a result file for an order (ADR 0041); answers status and envelope. */
export async function uploadResultFile(
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  content = '10.00\t120\n10.02\t130\n',
  name = 'scan.xy',
) {
  const form = resultForm(fields, Buffer.from(content), name);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/order/file/upload',
    headers: { ...form.headers, token },
    payload: form.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { code: number; msg: string; data: AdminResultFile } };
}

/** A reviewed result file on the order, so 交付数据 may go. */
export async function reviewedFile(t: TestApp, labToken: string, orderId: number): Promise<AdminResultFile> {
  const up = await uploadResultFile(t, labToken, { orderId: String(orderId) });
  expect(up.body.code, up.body.msg).toBe(1);
  // Four eyes (issue 21): a second member passes it — the admin, who holds the lab's permission too.
  const reviewer = (await staffTokens(t, 'admin')).token;
  const ok = await callApi(t, 'adminResultReview', { token: reviewer, body: { id: up.body.data.id, approve: true } });
  expect(ok.body.code, ok.body.msg).toBe(1);
  return ok.body.data;
}

/** 确认收款's bank fields as finance copies them from a bank slip that paid the whole order (no coupon, no points). */
export async function transferOf(t: TestApp, orderId: number, bankRef = 'HX20261124001') {
  const [o] = await t.db.select({ totalFen: orders.totalFen }).from(orders).where(eq(orders.id, orderId));
  return { receivedFen: o!.totalFen!, bankRef };
}
