// The coupon's one engine (ADR 0058): by the contracts' COUPON_TRANSITIONS —
// issued (staff, sign-up, a programme), taken by the customer's order, given
// back by the system when that order is cancelled.
import {
  COUPON_STATE_NAMES,
  COUPON_TRANSITIONS,
  couponRefusal,
  couponRuleText,
  type CouponAction,
  type CouponState,
} from '@yance/contracts/coupon-states';
import type { OrderState } from '@yance/contracts/order-states';
import type { AppContext } from '../../context.ts';
import { defineMachine } from '../../lib/state-machine.ts';
import { ruleOf } from './coupon-rule.ts';
import * as repo from './coupon.repository.ts';
import type { CouponRow } from './coupon.repository.ts';

export const NO_COUPON = '[优惠券]不存在';

/** The coupon's machine: a customer reaches only their own; giving back is gated on the holding order being cancelled. */
export const couponMachine = defineMachine<AppContext, CouponRow, CouponState, typeof COUPON_TRANSITIONS>({
  objectType: 'user_coupon',
  table: COUPON_TRANSITIONS,
  names: COUPON_STATE_NAMES,
  noun: '优惠券',
  missing: NO_COUPON,
  lock: async (t, id) => (await repo.lockCoupon(t.db, id))?.c,
  reach: (_t, mover, row) => mover.kind !== 'customer' || row.userId === mover.userId,
  write: (t, row, from, to, _at, set) =>
    // A usable coupon is held by no order (the table's CHECK): giving back frees it.
    repo.moveCoupon(t.db, row.id, from, {
      state: to,
      ...(to === 'usable' ? { orderId: null, usedAt: null } : {}),
      ...(set as Pick<CouponRow, 'orderId' | 'usedAt'>),
    }),
  parent: {
    state: async (t, row) => (row.orderId === null ? '' : ((await repo.orderStateOf(t.db, row.orderId)) ?? '')),
    refused: (state, action) => (state ? (couponRefusal(action as CouponAction, state as OrderState) ?? '') : '[优惠券]没有使用它的订单'),
  },
  // The customer hears of a coupon issued to them (the NOTICES table's words); using and giving back say nothing.
  audience: async (t, row) => {
    const template = await repo.findTemplate(t.db, row.templateId);
    return template
      ? { userId: row.userId, orderId: null, vars: { name: template.name, rule: couponRuleText(ruleOf(template)), validTo: row.validTo } }
      : null;
  },
});
