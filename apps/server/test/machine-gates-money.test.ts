// The gates across objects of the money machines (ADR 0058): a coupon's
// giveBack only when the order holding it is cancelled, a rebate's release
// only when its order is 已完成. Every gated action is tried from every order
// state; the engine lets it through exactly where the table says and otherwise
// answers 409 with the Chinese words, changing nothing.
import { eq } from 'drizzle-orm';
import { COUPON_ACTIONS, COUPON_TRANSITIONS, couponRefusal, type CouponAction } from '@yance/contracts/coupon-states';
import { ORDER_STATES, type OrderState } from '@yance/contracts/order-states';
import { REBATE_ACTIONS, REBATE_TRANSITIONS, rebateRefusal, type RebateAction } from '@yance/contracts/promotion-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponTemplate, ledgerEntry, orders, rebate, userCoupon } from '../src/db/schema.ts';
import type { AppContext } from '../src/context.ts';
import { SYSTEM_MOVER } from '../src/lib/state-machine.ts';
import { couponMachine } from '../src/modules/coupon/coupon-machine.ts';
import { rebateMachine } from '../src/modules/promotion/promotion-rebate.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { tryRolledBack } from './machine-helpers.ts';
import { testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

let t: TestApp;
let ctx: AppContext;
let orderId: number;
let couponId: number;
let rebateId: number;
beforeAll(async () => {
  t = await createTestApp();
  ctx = testRunner(t, testClock().now, {}).ctx;
  const user = await orderingCustomer(t);
  const promoter = await orderingCustomer(t);
  const placed = await placeOrder(t, user);
  const [o] = await t.db.select().from(orders).where(eq(orders.no, placed.no));
  orderId = o!.id;
  const at = new Date();
  // A coupon the order holds, and a rebate of a payment of the order.
  const [tpl] = await t.db
    .insert(couponTemplate)
    .values({ name: '满减券', kind: 'amount', amountFen: 1_000, validDays: 30, createdAt: at })
    .returning();
  const [c] = await t.db
    .insert(userCoupon)
    .values({
      templateId: tpl!.id,
      userId: user.id,
      state: 'used',
      source: 'staff',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      orderId,
      issuedAt: at,
      usedAt: at,
    })
    .returning();
  couponId = c!.id;
  const [e] = await t.db
    .insert(ledgerEntry)
    .values({ kind: 'orderPay', memo: '付款', userId: user.id, orderId, createdAt: at })
    .returning();
  const [r] = await t.db
    .insert(rebate)
    .values({
      promoterId: promoter.id,
      customerId: user.id,
      orderId,
      paymentEntryId: e!.id,
      kind: 'promoter',
      baseFen: 10_000 as never,
      rateBp: 500,
      holdDays: 7,
      amountFen: 500 as never,
      state: 'pending',
      createdAt: at,
    })
    .returning();
  rebateId = r!.id;
});
afterAll(() => t.close());

/** Runs `fn` with the order in `parent`, then rolls back: the error's kind and words, or null when it went through. */
const attempt = (parent: OrderState, fn: (tx: AppContext) => Promise<void>) =>
  tryRolledBack(ctx, async (tx) => {
    await tx.db.update(orders).set({ state: parent }).where(eq(orders.id, orderId));
    await fn(tx);
  });

/** The actions whose table names a gate on the order's state, with the states it lets through. */
const gated = <A extends string>(actions: readonly A[], table: Record<A, object>) =>
  actions.flatMap((a) => {
    const gate = (table[a] as { parentIn?: readonly string[] }).parentIn;
    return gate ? [{ action: a, gate }] : [];
  });

describe('a coupon’s actions gated by the state of the order holding it', () => {
  for (const { action, gate } of gated<CouponAction>(COUPON_ACTIONS, COUPON_TRANSITIONS))
    it(`${action}: allowed exactly while the order is ${gate.join('/')}`, async () => {
      const before = await t.db.select().from(userCoupon).where(eq(userCoupon.id, couponId));
      for (const parent of ORDER_STATES) {
        const refusal = couponRefusal(action, parent);
        const outcome = await attempt(parent, async (tx) => {
          const moved = await couponMachine.move(tx, SYSTEM_MOVER, couponId, action);
          expect(moved).toMatchObject({ state: COUPON_TRANSITIONS[action].to, orderId: null });
        });
        expect(outcome, `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      expect(await t.db.select().from(userCoupon).where(eq(userCoupon.id, couponId))).toEqual(before);
    });

  it('refuses giving a coupon back for an order that is not cancelled, in Chinese', () => {
    expect(couponRefusal('giveBack', 'testing')).toBe('订单当前为「实验中」，优惠券不能「订单取消退回」');
    expect(couponRefusal('giveBack', 'cancelled')).toBeNull();
  });
});

describe('a rebate’s actions gated by its order’s state', () => {
  for (const { action, gate } of gated<RebateAction>(REBATE_ACTIONS, REBATE_TRANSITIONS))
    it(`${action}: allowed exactly while the order is ${gate.join('/')}`, async () => {
      const before = await t.db.select().from(rebate).where(eq(rebate.id, rebateId));
      for (const parent of ORDER_STATES) {
        const refusal = rebateRefusal(action, parent);
        const outcome = await attempt(parent, async (tx) => {
          const moved = await rebateMachine.move(tx, SYSTEM_MOVER, rebateId, action);
          expect(moved.state).toBe(REBATE_TRANSITIONS[action].to);
        });
        expect(outcome, `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      expect(await t.db.select().from(rebate).where(eq(rebate.id, rebateId))).toEqual(before);
    });

  it('refuses releasing a rebate of an order not yet 已完成, in Chinese', () => {
    expect(rebateRefusal('release', 'delivered')).toBe('订单当前为「数据已交付」，返利不能「返利入账」');
    expect(rebateRefusal('release', 'completed')).toBeNull();
  });
});
