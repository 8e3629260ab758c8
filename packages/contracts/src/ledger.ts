// The ledger's accounts and entry kinds, and the top-up's states and its one
// transition table (issue 10, ADR 0050). zod-free: the database's CHECK
// constraints are generated from these lists, and any page may show the words.
import type { Transition } from './machine.ts';
import type { Permission } from './staff.ts';

/**
 * Account kinds. A customer-side account (prestore, group, wallet,
 * walletPending) belongs to one owner, keeps its balance in its row and never
 * goes below zero (checked in the UPDATE that moves it, under its row lock).
 * A shop account (the rest) is one per kind, may go negative and keeps no
 * running balance (its balance is the sum of its lines), so payments never
 * queue on it.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'prestore',
  'group',
  'wallet',
  'walletPending',
  'revenue',
  'receivable',
  'gateway',
  'bank',
  'refunds',
  'coupon',
  'points',
  'bonus',
  'rebate',
  'payout',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The kinds whose owner is a customer or a group: balance kept in the row, never negative. */
export const OWNED_ACCOUNT_KINDS = ['prestore', 'group', 'wallet', 'walletPending'] as const satisfies readonly LedgerAccountKind[];
export type OwnedAccountKind = (typeof OWNED_ACCOUNT_KINDS)[number];
export const isOwnedKind = (k: LedgerAccountKind): k is OwnedAccountKind => (OWNED_ACCOUNT_KINDS as readonly string[]).includes(k);

export const LEDGER_ACCOUNT_NAMES: Record<LedgerAccountKind, string> = {
  prestore: '客户预存余额',
  group: '课题组余额',
  wallet: '返利钱包（可提现）',
  walletPending: '返利钱包（待入账）',
  revenue: '检测收入',
  receivable: '应收账款',
  gateway: '在线支付清算',
  bank: '银行存款（对公转账）',
  refunds: '应付退款',
  coupon: '优惠券支出',
  points: '积分抵扣支出',
  bonus: '充值赠送支出',
  rebate: '返利支出（推广、邀请）',
  payout: '应付提现',
};

/** What an entry records: the statement's 类型 column. */
export const LEDGER_ENTRY_KINDS = [
  'topup',
  'topupBonus',
  'orderPay',
  'orderBill',
  'settle',
  'adjustPay',
  'adjustRefund',
  'refund',
  'bankReceipt',
  'groupIn',
  'groupOut',
  'refundDue',
  'inviteReward',
  'rebateEarn',
  'rebateRelease',
  'rebateReverse',
  'withdrawRequest',
  'withdrawReturn',
  'withdrawPaid',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_NAMES: Record<LedgerEntryKind, string> = {
  topup: '充值',
  topupBonus: '充值赠送',
  orderPay: '订单付款',
  orderBill: '订单记账（待结算）',
  settle: '订单结算',
  adjustPay: '补差价',
  adjustRefund: '退差价',
  refund: '订单退款（退回预存余额）',
  bankReceipt: '对公转账收款',
  groupIn: '转入课题组',
  groupOut: '课题组转出',
  refundDue: '取消订单待退款',
  inviteReward: '邀请奖励',
  rebateEarn: '返利（待入账）',
  rebateRelease: '返利入账',
  rebateReverse: '返利冲回',
  withdrawRequest: '申请提现',
  withdrawReturn: '提现驳回退回',
  withdrawPaid: '提现打款',
};

/** How a top-up is paid: online through a gateway, or by bank transfer (对公转账) that finance confirms. */
export const TOPUP_METHODS = ['online', 'transfer'] as const;
export type TopupMethod = (typeof TOPUP_METHODS)[number];
export const TOPUP_METHOD_NAMES: Record<TopupMethod, string> = { online: '在线支付', transfer: '对公转账' };

/** The online gateways (modules/payment): local by default, Alipay and WeChat Pay by configuration. */
export const GATEWAY_NAMES = ['local', 'alipay', 'wechat'] as const;
export type GatewayKey = (typeof GATEWAY_NAMES)[number];
export const GATEWAY_LABELS: Record<GatewayKey, string> = { local: '本地支付（演示）', alipay: '支付宝', wechat: '微信支付' };

export const TOPUP_STATES = ['pending', 'credited', 'rejected', 'closed'] as const;
export type TopupState = (typeof TOPUP_STATES)[number];
export const TOPUP_STATE_NAMES: Record<TopupState, string> = {
  pending: '待到账',
  credited: '已到账',
  rejected: '已驳回',
  closed: '已关闭',
};

export type TopupActor = { customer: true } | { permission: Permission } | { system: true };
export interface TopupTransition {
  label: string;
  from: readonly TopupState[];
  to: TopupState;
  methods: readonly TopupMethod[];
  by: readonly TopupActor[];
  note?: 'required' | 'optional';
}

/**
 * Every change of a top-up's state (ADR 0050). `add` makes it (the customer's, from: []); `pay` is the gateway's verified
 * callback; `confirm`/`reject` are finance's answer to a bank transfer; a
 * pending top-up is closed by its customer or, online, when its trade expires.
 * Crediting happens only on pay and confirm, in the same transaction.
 */
export const TOPUP_TRANSITIONS = {
  add: { label: '提交充值', from: [], to: 'pending', methods: ['online', 'transfer'], by: [{ customer: true }] },
  pay: { label: '支付成功', from: ['pending', 'closed'], to: 'credited', methods: ['online'], by: [{ system: true }] },
  confirm: {
    label: '确认到账',
    from: ['pending'],
    to: 'credited',
    methods: ['transfer'],
    by: [{ permission: 'prestore.confirm' }],
    note: 'optional',
  },
  reject: {
    label: '驳回',
    from: ['pending'],
    to: 'rejected',
    methods: ['transfer'],
    by: [{ permission: 'prestore.confirm' }],
    note: 'required',
  },
  close: { label: '关闭', from: ['pending'], to: 'closed', methods: ['online', 'transfer'], by: [{ customer: true }, { system: true }] },
} as const satisfies Record<string, TopupTransition>;
export type TopupAction = keyof typeof TOPUP_TRANSITIONS;

/** The shop's bank account a transfer goes to (shown on the top-up form; 设置 › 联系方式 holds the company name). */
export const PRESTORE_BONUS_NOTE = '赠送金额单独入账，可用于支付检测费用，不可提现、不开具发票。';

/** Timeline events of an order's money outside its transitions (ADR 0050): a 补差价 paid, a 退差价 back to the balance. */
export const MONEY_EVENT_LABELS = { adjustPay: '支付补差价', adjustRefund: '退差价至预存余额', refund: '退款至预存余额' } as const;
export type MoneyEventAction = keyof typeof MONEY_EVENT_LABELS;
export const MONEY_EVENT_ACTIONS = Object.keys(MONEY_EVENT_LABELS) as MoneyEventAction[];

/** A cancelled prepaid order's refund (ADR 0050): what it paid waits in the shop's refunds payable until finance approves. */
export const REFUND_STATES = ['pending', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_NAMES: Record<RefundState, string> = { pending: '待审核', refunded: '已退款' };
export const REFUND_TRANSITIONS = {
  /** Finance approves: what the cancelled order paid goes back to the balance. Only a cancelled order's refund. */
  approve: { label: '批准退款', from: ['pending'], to: 'refunded', by: [{ permission: 'prestore.confirm' }], parentIn: ['cancelled'] },
} as const satisfies Record<string, Transition<RefundState> & { to: RefundState }>;
