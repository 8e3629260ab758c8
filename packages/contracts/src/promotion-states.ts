// Promotion (推广, issue 10, ADR 0055): promoters, their rebates and their
// withdrawals — the states and the one transition table of each object.
// zod-free: the storefront, the console and the server read the same tables,
// and the database's CHECK constraints are generated from these lists.
import { CUSTOMER, staff, SYSTEM, type Transition } from './machine.ts';
import { ORDER_STATE_NAMES, type OrderState } from './order-states.ts';
import type { Permission } from './staff.ts';

/** The console's 推广员 room: approve, reject or stop promoters, the rebate settings, releasing due rebates. */
export const PROMOTER_PERMISSION = 'promoter.manage' satisfies Permission;
/** The console's 提现审核 room: approve, reject and record withdrawals as paid. */
export const WITHDRAW_PERMISSION = 'withdraw.manage' satisfies Permission;

const PROMOTER = staff(PROMOTER_PERMISSION);
const FINANCE = staff(WITHDRAW_PERMISSION);

/** A transition of a promoter, a rebate or a withdrawal (the one shape of machine.ts; `to` is fixed). */
export type PromotionTransition<S extends string> = Transition<S> & { to: S };

// ---- the promoter's application -------------------------------------------------------------

/** 申请中 → 已通过 / 已驳回; an approved promoter may be stopped (已停用) and started again; a rejected one may apply again. */
export const PROMOTER_STATES = ['applied', 'approved', 'rejected', 'disabled'] as const;
export type PromoterState = (typeof PROMOTER_STATES)[number];
export const PROMOTER_STATE_NAMES: Record<PromoterState, string> = {
  applied: '申请中',
  approved: '已通过',
  rejected: '已驳回',
  disabled: '已停用',
};

export const PROMOTER_TRANSITIONS = {
  /** The customer's first application. */
  apply: { label: '申请成为推广员', from: [], to: 'applied', by: [CUSTOMER] },
  /** A rejected customer applies again with new words. */
  reapply: { label: '重新申请', from: ['rejected'], to: 'applied', by: [CUSTOMER] },
  approve: { label: '通过', from: ['applied'], to: 'approved', by: [PROMOTER] },
  reject: { label: '驳回', from: ['applied'], to: 'rejected', by: [PROMOTER], note: 'required' },
  /** Stopped: no new rebates; what was earned stays and may still be withdrawn. */
  disable: { label: '停用', from: ['approved'], to: 'disabled', by: [PROMOTER], note: 'required' },
  enable: { label: '恢复', from: ['disabled'], to: 'approved', by: [PROMOTER] },
} as const satisfies Record<string, PromotionTransition<PromoterState>>;
export type PromoterAction = keyof typeof PROMOTER_TRANSITIONS;

// ---- rebates ---------------------------------------------------------------------------------

/**
 * Who a rebate is for (ADR 0069): an approved promoter's customers' payments
 * (the promotion settings), or an invitee's payments in their first months
 * (the invitation programme's settings). One rebate per payment entry.
 */
export const REBATE_KINDS = ['promoter', 'invite'] as const;
export type RebateKind = (typeof REBATE_KINDS)[number];
export const REBATE_KIND_NAMES: Record<RebateKind, string> = { promoter: '推广返利', invite: '邀请返利' };

/** One per (order, payment entry): 待入账 until the order completed N days ago, then 可提现; 已冲回 when the order is refunded. */
export const REBATE_STATES = ['pending', 'available', 'reversed'] as const;
export type RebateState = (typeof REBATE_STATES)[number];
export const REBATE_STATE_NAMES: Record<RebateState, string> = { pending: '待入账', available: '可提现', reversed: '已冲回' };

/**
 * A rebate's moves, all the system's (ADR 0055, ADR 0058): earned with a
 * payment, released to the wallet N days after its order completed — only a
 * 已完成 order's (`parentIn`) — and reversed when the order is refunded.
 */
export const REBATE_TRANSITIONS = {
  earn: { label: '返利待入账', from: [], to: 'pending', by: [SYSTEM] },
  /** Due rebates: the hourly job, or the console's 到期入账 now. */
  release: {
    label: '返利入账',
    from: ['pending'],
    to: 'available',
    by: [SYSTEM, PROMOTER],
    parentIn: ['completed'] satisfies OrderState[],
  },
  reverse: { label: '返利冲回', from: ['pending', 'available'], to: 'reversed', by: [SYSTEM] },
} as const satisfies Record<string, PromotionTransition<RebateState>>;
export type RebateAction = keyof typeof REBATE_TRANSITIONS;
export const REBATE_ACTIONS = Object.keys(REBATE_TRANSITIONS) as RebateAction[];

/** Why a rebate cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function rebateRefusal(action: RebateAction, state: OrderState): string | null {
  const gate: readonly string[] | undefined = (REBATE_TRANSITIONS[action] as PromotionTransition<RebateState>).parentIn;
  if (!gate || gate.includes(state)) return null;
  return `订单当前为「${ORDER_STATE_NAMES[state]}」，返利不能「${REBATE_TRANSITIONS[action].label}」`;
}

// ---- withdrawals -----------------------------------------------------------------------------

/** 申请中 → 已批准 → 已打款, or 已驳回 (the amount back to the wallet). */
export const WITHDRAW_STATES = ['applied', 'approved', 'paid', 'rejected'] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];
export const WITHDRAW_STATE_NAMES: Record<WithdrawState, string> = {
  applied: '申请中',
  approved: '已批准',
  paid: '已打款',
  rejected: '已驳回',
};

export const WITHDRAW_TRANSITIONS = {
  /** The promoter asks: the amount leaves the wallet for the shop's payout account at once. */
  request: { label: '申请提现', from: [], to: 'applied', by: [CUSTOMER] },
  approve: { label: '批准', from: ['applied'], to: 'approved', by: [FINANCE] },
  /** Refused with a reason: the amount goes back to the wallet. */
  reject: { label: '驳回', from: ['applied', 'approved'], to: 'rejected', by: [FINANCE], note: 'required' },
  /** The bank transfer made, with its reference: payout → bank. */
  pay: { label: '确认打款', from: ['approved'], to: 'paid', by: [FINANCE] },
} as const satisfies Record<string, PromotionTransition<WithdrawState>>;
export type WithdrawAction = keyof typeof WITHDRAW_TRANSITIONS;

/** A withdrawal's number as people read it: TX000042. */
export const withdrawNo = (id: number) => `TX${String(id).padStart(6, '0')}`;

/** Rebate settings' bounds: the rate in basis points (1% = 100), pending days. */
export const REBATE_RATE_BP_MAX = 5000;
export const REBATE_PENDING_DAYS_MAX = 365;

/** A rebate of amount at rateBp basis points, rounded down to the fen. */
export const rebateOf = (amountFen: number, rateBp: number): number => Math.floor((amountFen * rateBp) / 10_000);
