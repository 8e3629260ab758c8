import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { SELF_REVIEW } from '../src/modules/lab/result-file.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens, testClock } from './factories.ts';
import { orderingCustomer, placeOrder, uploadResultFile } from './order-factories.ts';

let t: TestApp;
const token = { lab: '', admin: '' };
beforeAll(async () => {
  const clock = testClock();
  t = await createTestApp({ clock: clock.now });
  token.lab = (await staffTokens(t, 'lab')).token;
  token.admin = (await staffTokens(t, 'admin')).token;
});
afterAll(async () => t.close());

describe('four eyes on result files (issue 21)', () => {
  it('the one who uploaded a file may not pass it; a second member does', async () => {
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u);
    await t.db.update(orders).set({ state: 'testing' }).where(eq(orders.id, o.id));
    const up = await uploadResultFile(t, token.lab, { orderId: String(o.id) });
    const own = await callApi(t, 'adminResultReview', { token: token.lab, body: { id: up.body.data.id, approve: true } });
    expect(own).toMatchObject({ status: 403, body: { msg: SELF_REVIEW } });
    const other = await callApi(t, 'adminResultReview', { token: token.admin, body: { id: up.body.data.id, approve: true } });
    expect(other.body.data).toMatchObject({ state: 'approved', uploadedBy: expect.stringContaining('实验员') });
  });

  it('a one-person lab, switched on by the operator, passes its own upload; switched off, the second person is needed again', async () => {
    const u = await orderingCustomer(t);
    const o = await placeOrder(t, u);
    await t.db.update(orders).set({ state: 'testing' }).where(eq(orders.id, o.id));
    const operator = (await staffTokens(t, 'operator')).token;
    const save = (singlePersonLab: boolean) =>
      callApi(t, 'settingLabReviewSave', { token: operator, body: { labReview: { singlePersonLab } } });
    expect((await callApi(t, 'settingLabReviewSave', { token: token.lab, body: { labReview: { singlePersonLab: true } } })).status).toBe(
      403,
    );
    expect((await save(true)).body.data.labReview).toEqual({ singlePersonLab: true });
    const first = await uploadResultFile(t, token.lab, { orderId: String(o.id) });
    const mine = await callApi(t, 'adminResultReview', { token: token.lab, body: { id: first.body.data.id, approve: true } });
    expect(mine.body.data).toMatchObject({ state: 'approved' });
    await save(false);
    const second = await uploadResultFile(t, token.lab, { orderId: String(o.id) }, '10\t1\n', 'b.xy');
    const again = await callApi(t, 'adminResultReview', { token: token.lab, body: { id: second.body.data.id, approve: true } });
    expect(again).toMatchObject({ status: 403, body: { msg: SELF_REVIEW } });
    // The uploader may still send their own file back (a rejection publishes nothing).
    const back = await callApi(t, 'adminResultReview', {
      token: token.lab,
      body: { id: second.body.data.id, approve: false, reason: '传错了' },
    });
    expect(back.body.data).toMatchObject({ state: 'rejected' });
  });
});
