// A sample's states and its one transition table (issue 9 "the lab's work", ADR 0041).
// zod-free, like order-states.ts: the storefront, the console and the server read the
// same table, and the database's CHECK constraint is generated from SAMPLE_STATES.
import { CUSTOMER, staff, SYSTEM, type Transition } from './machine.ts';
import { LAB_RECEIVES, ORDER_STATE_NAMES, type OrderState } from './order-states.ts';

/**
 * Where a sample is. The customer sees 待寄送 … 已销毁; `kept` (留样中) is the
 * lab's shelf after delivery for samples not sent back (3 months, then destroyed);
 * `awaitingReturn` (待退还) a sample the customer asked back, tested and waiting to be sent (ADR 0070).
 */
export const SAMPLE_STATES = ['awaiting', 'inTransit', 'signed', 'testing', 'kept', 'awaitingReturn', 'returned', 'destroyed'] as const;
export type SampleState = (typeof SAMPLE_STATES)[number];

export const SAMPLE_STATE_NAMES: Record<SampleState, string> = {
  awaiting: '待寄送',
  inTransit: '运输中',
  signed: '已签收',
  testing: '检测中',
  kept: '留样中',
  awaitingReturn: '待退还',
  returned: '已退还',
  destroyed: '已销毁',
};

export type SampleTransition = Transition<SampleState> & { to: SampleState; parentIn: readonly OrderState[] };

/** The order has its data: the lab keeps, returns or destroys what it holds. */
const AFTER_DELIVERY: readonly OrderState[] = ['delivered', 'unsettled', 'overdue', 'completed'];
/** The lab holds the samples: from their receipt on. */
const LAB_HOLDS: readonly OrderState[] = ['received', 'testing', ...AFTER_DELIVERY];

/**
 * Every change of a sample's state, and the only one: the server's sample
 * machine (modules/lab/sample.service.ts, on the one engine) locks the
 * samples, checks who may, the state the caller saw (409) and the gate on the
 * order's state (`parentIn`, 409 in Chinese), and writes the audit log and the
 * order's timeline in the same transaction.
 */
export const SAMPLE_TRANSITIONS = {
  /** The customer posted the samples (sampling/add with courier and tracking number) while the order waits for them. */
  ship: { label: '样品寄出', from: ['awaiting'], to: 'inTransit', by: [CUSTOMER], parentIn: ['awaitingSample'] },
  /** The self-send request was cancelled before the lab signed. */
  unship: { label: '取消寄送', from: ['inTransit'], to: 'awaiting', by: [CUSTOMER], parentIn: ['awaitingSample', 'awaitingPickup'] },
  /**
   * The lab signs for a sample (per-sample check-in, or the order's 确认收样 for every sample still out — the
   * order is 已收样 by then): never on an order the lab may not receive (待签约, 待付款, cancelled …).
   */
  checkIn: {
    label: '样品签收',
    from: ['awaiting', 'inTransit'],
    to: 'signed',
    by: [staff('order.lab')],
    parentIn: [...LAB_RECEIVES, 'received'],
  },
  /** The order's 开始实验. */
  test: { label: '开始检测', from: ['signed'], to: 'testing', by: [staff('order.lab')], parentIn: ['testing'] },
  /** The order's 交付数据: a sample the customer did not ask back is kept (留样) until it is destroyed. */
  keep: { label: '留样', from: ['signed', 'testing'], to: 'kept', by: [staff('order.lab')], parentIn: AFTER_DELIVERY },
  /** The order's 交付数据: a sample the customer asked back waits to be sent to their return address (待退还). */
  holdForReturn: {
    label: '样品待退还',
    from: ['signed', 'testing'],
    to: 'awaitingReturn',
    by: [staff('order.lab')],
    parentIn: AFTER_DELIVERY,
  },
  /** Sent back with a courier and number to the order's return address (the customer asked for its return). */
  giveBack: {
    label: '样品退还',
    from: ['signed', 'testing', 'kept', 'awaitingReturn'],
    to: 'returned',
    by: [staff('order.lab')],
    parentIn: LAB_HOLDS,
  },
  /** The keep period is over (the sample.destroy job). */
  destroy: { label: '样品销毁', from: ['kept'], to: 'destroyed', by: [SYSTEM], parentIn: AFTER_DELIVERY },
} as const satisfies Record<string, SampleTransition>;
export type SampleAction = keyof typeof SAMPLE_TRANSITIONS;
export const SAMPLE_ACTIONS = Object.keys(SAMPLE_TRANSITIONS) as SampleAction[];

/** Why a sample cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function sampleRefusal(action: SampleAction, state: OrderState): string | null {
  if ((SAMPLE_TRANSITIONS[action].parentIn as readonly OrderState[]).includes(state)) return null;
  const now = `订单当前为「${ORDER_STATE_NAMES[state]}」`;
  return action === 'checkIn' ? `${now}，尚不能签收样品` : `${now}，样品不能「${SAMPLE_TRANSITIONS[action].label}」`;
}

export const canSampleLeave = (action: SampleAction, state: SampleState): boolean =>
  (SAMPLE_TRANSITIONS[action].from as readonly SampleState[]).includes(state);

/** Samples the lab still waits for (the console's arrivals list). */
export const ARRIVING: readonly SampleState[] = ['awaiting', 'inTransit'];

/** Kept samples are destroyed this many months after the order's delivery; the notice goes out this many days before. */
export const KEEP_MONTHS = 3;
export const DESTROY_NOTICE_DAYS = 7;
/** A free retest may be asked for within this many days of delivery. */
export const RETEST_DAYS = 15;

/** The day a sample kept from `delivered` is destroyed (calendar months, in UTC). */
export function keepUntil(delivered: Date): Date {
  const d = new Date(delivered.getTime());
  d.setUTCMonth(d.getUTCMonth() + KEEP_MONTHS);
  return d;
}

/**
 * Entries of the order's timeline that leave the order's state as it is:
 * sample moves (by the table's labels), the destroy notice, test records,
 * result files and their review, price adjustments and retest requests.
 */
export const LAB_EVENT_LABELS = {
  ...(Object.fromEntries(SAMPLE_ACTIONS.map((a) => [`sample.${a}`, SAMPLE_TRANSITIONS[a].label])) as Record<
    `sample.${SampleAction}`,
    string
  >),
  'sample.destroyNotice': '留样即将销毁提醒',
  testRecord: '记录检测',
  fileUpload: '上传结果文件',
  fileApprove: '结果文件审核通过',
  fileReject: '结果文件驳回',
  adjust: '调整金额',
  retest: '申请免费复测',
} as const;
export type LabEventAction = keyof typeof LAB_EVENT_LABELS;
export const LAB_EVENT_ACTIONS = Object.keys(LAB_EVENT_LABELS) as LabEventAction[];
