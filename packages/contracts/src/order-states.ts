// The order's states and its one transition table (issue 9, ADR 0039). zod-free:
// the storefront, the console and the server read the same table, and the
// database's CHECK constraint is generated from ORDER_STATES.
import type { Permission } from './staff.ts';

/**
 * Order states (product.md "Order lifecycle"). draft is a saved, unsent order
 * (保存草稿); the rest are the names customers see.
 */
export const ORDER_STATES = [
  'draft',
  'quoting',
  'contracting',
  'unpaid',
  'awaitingSample',
  'awaitingPickup',
  'received',
  'testing',
  'delivered',
  'unsettled',
  'completed',
  'cancelled',
  'overdue',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_NAMES: Record<OrderState, string> = {
  draft: '草稿',
  quoting: '待报价',
  contracting: '待签约',
  unpaid: '待付款',
  awaitingSample: '待寄样',
  awaitingPickup: '待取样',
  received: '已收样',
  testing: '实验中',
  delivered: '数据已交付',
  unsettled: '待结算',
  completed: '已完成',
  cancelled: '已取消',
  overdue: '欠款中',
};

/** How the samples reach the lab (spec §3 sampling request type): 0 self-send (自行寄样), 1 pick-up (上门取样). */
export const DELIVERY_METHODS = { selfSend: 0, pickUp: 1 } as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[keyof typeof DELIVERY_METHODS];
export const DELIVERY_METHOD_NAMES: Record<DeliveryMethod, string> = { 0: '自行寄样', 1: '上门取样' };

/**
 * Who pays when (product.md): institutions (student, teacher, individual) pay
 * after testing; enterprises sign a contract and prepay in full. Fixed on the
 * order when it is sent, from the customer's organization then.
 */
export const ORDER_KINDS = ['institution', 'enterprise'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The kind an order of a customer with this organization gets (2 企业 enterprise; 0 student, 1 individual, 3 teacher, unset: institution). */
export const orderKindOf = (organization: number | null | undefined): OrderKind => (organization === 2 ? 'enterprise' : 'institution');

/** What the next state depends on besides the action: the order's kind, delivery and whether every line has its price. */
export interface OrderFacts {
  kind: OrderKind;
  /** null: no line needs samples (数据分析 only, line-kinds.ts) — nothing to send, the work starts at once. */
  delivery: DeliveryMethod | null;
  /** Every line has an amount (an item with price 0 waits for a quote, 待报价). */
  priced: boolean;
}

/** Who may take an action: the order's customer, staff holding a permission, or the system (jobs, other modules). */
export type OrderActor = { customer: true } | { permission: Permission } | { system: true };

export interface OrderTransition {
  /** The button's or the timeline's words. */
  label: string;
  from: readonly OrderState[];
  /** Where it goes; a function where the order's facts decide. */
  to: OrderState | ((facts: OrderFacts) => OrderState);
  by: readonly OrderActor[];
  /** Asks the actor for a note (a reason): the timeline shows it. */
  note?: 'required' | 'optional';
}

const CUSTOMER = { customer: true } as const;
const SYSTEM = { system: true } as const;
const staff = (permission: Permission) => ({ permission }) as const;

/**
 * Where an order waits for its samples: the delivery decides. An order with nothing to send (数据分析 only) waits
 * for no parcel and no pick-up: its work starts (实验中) where another order would wait for its samples.
 */
const awaitingSamples = (f: OrderFacts): OrderState =>
  f.delivery === null ? 'testing' : f.delivery === DELIVERY_METHODS.pickUp ? 'awaitingPickup' : 'awaitingSample';
/** After pricing: an enterprise signs and prepays first; an institution sends its samples. */
const afterPricing = (f: OrderFacts): OrderState => (f.kind === 'enterprise' ? 'contracting' : awaitingSamples(f));

/** States in which the samples have not reached the lab: the customer may still cancel. */
export const BEFORE_RECEIPT: readonly OrderState[] = ['quoting', 'contracting', 'unpaid', 'awaitingSample', 'awaitingPickup'];

/**
 * Every change of an order's state, and the only one (ADR 0039). The server
 * moves an order only through this table, under a compare-and-set on the
 * state it read (two staff at once: one wins, the other gets 409), and writes
 * the audit log and the customer's timeline in the same transaction.
 */
export const ORDER_TRANSITIONS = {
  /** The customer sends a new order or a saved draft. */
  submit: { label: '提交订单', from: ['draft'], to: (f) => (f.priced ? afterPricing(f) : 'quoting'), by: [CUSTOMER] },
  /** The account manager prices the lines that had no price. */
  quote: { label: '报价', from: ['quoting'], to: afterPricing, by: [staff('order.quote')], note: 'optional' },
  /** The manager confirms the contract the enterprise signed. */
  confirmContract: { label: '确认合同', from: ['contracting'], to: 'unpaid', by: [staff('order.quote')], note: 'optional' },
  /** The customer prepays from the balance (or online, through a top-up that pays it): a ledger entry in the same transaction (ADR 0050). */
  pay: { label: '支付订单', from: ['unpaid'], to: awaitingSamples, by: [CUSTOMER, SYSTEM] },
  /** Finance records a bank transfer for this order (对公转账 straight to the shop): a ledger entry in the same transaction. */
  markPaid: { label: '确认收款', from: ['unpaid'], to: awaitingSamples, by: [staff('order.pay'), SYSTEM], note: 'required' },
  /** The lab signs for the samples. */
  receive: { label: '确认收样', from: ['awaitingSample', 'awaitingPickup'], to: 'received', by: [staff('order.lab')], note: 'optional' },
  startTesting: { label: '开始实验', from: ['received'], to: 'testing', by: [staff('order.lab')] },
  /** The reviewed result files go to the customer. */
  deliver: { label: '交付数据', from: ['testing'], to: 'delivered', by: [staff('order.lab')], note: 'optional' },
  /** The customer confirms the data (or the system after the waiting days): an institution then settles, a prepaid order is done. */
  confirmData: {
    label: '确认数据',
    from: ['delivered'],
    to: (f) => (f.kind === 'enterprise' ? 'completed' : 'unsettled'),
    by: [CUSTOMER, staff('order.lab'), SYSTEM],
  },
  /** Unsettled past the due days (the money issue's job). */
  markOverdue: { label: '标记欠款', from: ['unsettled'], to: 'overdue', by: [SYSTEM] },
  /** Settled from the customer's balance or a research group's (ADR 0050): a ledger entry in the same transaction. */
  settle: { label: '结算完成', from: ['unsettled', 'overdue'], to: 'completed', by: [CUSTOMER, SYSTEM] },
  /** Before the samples are received: the customer or their manager cancels, with a reason. */
  cancel: { label: '取消订单', from: BEFORE_RECEIPT, to: 'cancelled', by: [CUSTOMER, staff('order.cancel')], note: 'required' },
} as const satisfies Record<string, OrderTransition>;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as OrderAction[];

/**
 * The order states in which the lab may sign for a sample: those its table lets 确认收样 leave. An enterprise order
 * is not among them while 待签约 or 待付款 — its testing starts only after the contract and the prepayment
 * (product.md) — nor is a cancelled or finished one.
 */
export const LAB_RECEIVES: readonly OrderState[] = ORDER_TRANSITIONS.receive.from;

/** The state `action` moves an order with these facts to. */
export function nextOrderState(action: OrderAction, facts: OrderFacts): OrderState {
  const to: OrderTransition['to'] = ORDER_TRANSITIONS[action].to;
  return typeof to === 'function' ? to(facts) : to;
}

/** Whether `action` may start from `state`. */
export const canLeave = (action: OrderAction, state: OrderState): boolean =>
  (ORDER_TRANSITIONS[action].from as readonly OrderState[]).includes(state);

/**
 * The customer's tabs on /member/order, in order: each lists these states. 全部 is every order, drafts too (a
 * draft shows as 草稿 with 继续编辑), so its count is the sum of the other tabs' (issue 21). A tab of one
 * state, or of the two ways samples come in, says the states' own names (ORDER_STATE_NAMES).
 */
export const ORDER_TABS = {
  all: { label: '全部', states: ORDER_STATES },
  draft: { label: ORDER_STATE_NAMES.draft, states: ['draft'] },
  pending: { label: '待处理', states: ['quoting', 'contracting', 'unpaid'] },
  sampling: {
    label: `${ORDER_STATE_NAMES.awaitingSample}/${ORDER_STATE_NAMES.awaitingPickup}`,
    states: ['awaitingSample', 'awaitingPickup'],
  },
  testing: { label: `${ORDER_STATE_NAMES.received}/${ORDER_STATE_NAMES.testing}`, states: ['received', 'testing'] },
  delivered: { label: ORDER_STATE_NAMES.delivered, states: ['delivered'] },
  settling: { label: ORDER_STATE_NAMES.unsettled, states: ['unsettled', 'overdue'] },
  completed: { label: '已完成', states: ['completed'] },
  cancelled: { label: '已取消', states: ['cancelled'] },
} as const satisfies Record<string, { label: string; states: readonly OrderState[] }>;
export type OrderTab = keyof typeof ORDER_TABS;
export const ORDER_TAB_NAMES = Object.keys(ORDER_TABS) as OrderTab[];
