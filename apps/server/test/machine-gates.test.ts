// The gates across objects (ADR 0058): every action of a machine whose table
// names `parentIn` is tried from every state of its parent; the engine lets it
// through exactly where the table says and otherwise answers 409 with the
// Chinese words, changing nothing.
import { eq } from 'drizzle-orm';
import { ORDER_STATES } from '@yance/contracts/order-states';
import { SAMPLE_ACTIONS, SAMPLE_TRANSITIONS, sampleRefusal, type SampleAction } from '@yance/contracts/sample-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSample, orders } from '../src/db/schema.ts';
import type { AppContext } from '../src/context.ts';
import type { Mover } from '../src/lib/state-machine.ts';
import { addTestRecord } from '../src/modules/lab/lab.service.ts';
import { sampleMachine } from '../src/modules/lab/sample.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { tryRolledBack } from './machine-helpers.ts';
import { testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

let t: TestApp;
let ctx: AppContext;
let order: { id: number; userId: number };
let sampleId: number;
beforeAll(async () => {
  t = await createTestApp();
  ctx = testRunner(t, testClock().now, {}).ctx;
  const user = await orderingCustomer(t);
  const placed = await placeOrder(t, user);
  const [row] = await t.db.select().from(orders).where(eq(orders.no, placed.no));
  order = { id: row!.id, userId: row!.userId };
  const [s] = await t.db.select().from(orderSample).where(eq(orderSample.orderId, order.id));
  sampleId = s!.id;
});
afterAll(() => t.close());

/** Who the table lets take the action: the order's customer, a staff member with every role, or the system. */
function moverFor(action: SampleAction): Mover {
  const by = SAMPLE_TRANSITIONS[action].by[0]!;
  if ('customer' in by) return { kind: 'customer', userId: order.userId, name: '客户' };
  if ('permission' in by) return { kind: 'staff', caller: { id: 1, name: '管理员', roles: ['admin'] }, ip: '' };
  return { kind: 'system' };
}

/** Tries the action with the order in `parent` and the sample in the action's first `from` state, then rolls back. */
const attempt = (action: SampleAction, parent: (typeof ORDER_STATES)[number]) =>
  tryRolledBack(ctx, async (tx) => {
    await tx.db.update(orders).set({ state: parent }).where(eq(orders.id, order.id));
    await tx.db.update(orderSample).set({ state: SAMPLE_TRANSITIONS[action].from[0] }).where(eq(orderSample.id, sampleId));
    const moved = await sampleMachine.move(tx, moverFor(action), sampleId, action);
    expect(moved.state).toBe(SAMPLE_TRANSITIONS[action].to);
  });

describe('a sample’s actions gated by its order’s state', () => {
  for (const action of SAMPLE_ACTIONS)
    it(`${action}: allowed exactly in ${SAMPLE_TRANSITIONS[action].parentIn.join('/')}`, async () => {
      const before = await t.db.select().from(orderSample).where(eq(orderSample.id, sampleId));
      for (const parent of ORDER_STATES) {
        const refusal = sampleRefusal(action, parent);
        expect(await attempt(action, parent), `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      // Nothing of the tries was kept.
      expect(await t.db.select().from(orderSample).where(eq(orderSample.id, sampleId))).toEqual(before);
    });

  it('refuses the lab’s check-in on a 待签约 order in Chinese', () => {
    expect(sampleRefusal('checkIn', 'contracting')).toBe('订单当前为「待签约」，尚不能签收样品');
    expect(sampleRefusal('checkIn', 'unpaid')).toBe('订单当前为「待付款」，尚不能签收样品');
    expect(sampleRefusal('checkIn', 'awaitingSample')).toBeNull();
  });
});

describe('a test record gated by its order’s state', () => {
  const lab = { id: 1, sessionId: 0, roles: ['admin' as const], name: '管理员', enrolOnly: false };
  const body = { sampleId: 0, instrument: 'XRD', conditions: '', operator: '李四', testedAt: '2026-11-22T08:00:00Z', note: '' };

  it('refuses a record on a cancelled order with a signed sample, and keeps nothing', async () => {
    await t.db.update(orders).set({ state: 'cancelled' }).where(eq(orders.id, order.id));
    await t.db.update(orderSample).set({ state: 'signed' }).where(eq(orderSample.id, sampleId));
    await expect(addTestRecord(ctx, lab, { ...body, sampleId }, '')).rejects.toMatchObject({
      kind: 'CONFLICT',
      message: '订单当前为「已取消」，不能记录检测',
    });
    await t.db.update(orders).set({ state: 'received' }).where(eq(orders.id, order.id));
    expect((await addTestRecord(ctx, lab, { ...body, sampleId }, '')).instrument).toBe('XRD');
  });
});
