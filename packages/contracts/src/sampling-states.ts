// A sampling request's states and its one transition table (issue 20, ADR 0058). zod-free:
// the storefront, the console and the server read the same table, and the database's CHECK
// constraint is generated from SAMPLING_STATES.
import { CUSTOMER, staff, type Transition } from './machine.ts';
import { ORDER_STATE_NAMES, type OrderState } from './order-states.ts';

/** active: the lab waits for the parcel or its visit; cancelled by the customer before the lab received the samples. */
export const SAMPLING_STATES = ['active', 'cancelled'] as const;
export type SamplingState = (typeof SAMPLING_STATES)[number];
export const SAMPLING_STATE_NAMES: Record<SamplingState, string> = { active: '已提交', cancelled: '已取消' };

export type SamplingTransition = Transition<SamplingState> & { to: SamplingState; parentIn: readonly OrderState[] };

/** The order waits for its samples (sent or picked up): a request may still be cancelled. */
export const SAMPLING_WAITING: readonly OrderState[] = ['awaitingSample', 'awaitingPickup'];

/**
 * Every change of a sampling request's state, and the only one: the server's
 * sampling machine (modules/sampling/sampling.service.ts, on the one engine)
 * checks who may, the request's state and the gate on its order's state
 * (`parentIn`, 409 in Chinese). Choosing a collector leaves the request active
 * but is gated like a move (the order must still be 待取样).
 */
export const SAMPLING_TRANSITIONS = {
  /** The customer posted the samples (自行寄样): courier and number, while the order is 待寄样. */
  send: { label: '填写快递单号', from: [], to: 'active', by: [CUSTOMER], parentIn: ['awaitingSample'] },
  /** The customer books the lab's visit (上门取样): date, slot and address, while the order is 待取样. */
  book: { label: '预约上门取样', from: [], to: 'active', by: [CUSTOMER], parentIn: ['awaitingPickup'] },
  /** The customer withdraws the request while the order still waits for the samples. */
  cancel: { label: '取消取样申请', from: ['active'], to: 'cancelled', by: [CUSTOMER], parentIn: SAMPLING_WAITING },
  /** The console sends a lab member to pick up (or another one instead), while the order is 待取样. */
  assign: { label: '安排取样员', from: ['active'], to: 'active', by: [staff('pickup.manage')], parentIn: ['awaitingPickup'] },
  /** The console takes the collector off a pick-up that can still be arranged. */
  unassign: { label: '取消取样员安排', from: ['active'], to: 'active', by: [staff('pickup.manage')], parentIn: ['awaitingPickup'] },
} as const satisfies Record<string, SamplingTransition>;
export type SamplingAction = keyof typeof SAMPLING_TRANSITIONS;
export const SAMPLING_ACTIONS = Object.keys(SAMPLING_TRANSITIONS) as SamplingAction[];

/** The customer's words when the lab has the samples and a request can no longer be withdrawn. */
export const ALREADY_RECEIVED = '实验室已收样，无法取消取样申请';

/** Why a request cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function samplingRefusal(action: SamplingAction, state: OrderState): string | null {
  if ((SAMPLING_TRANSITIONS[action].parentIn as readonly OrderState[]).includes(state)) return null;
  if (action === 'cancel') return ALREADY_RECEIVED;
  const words = action === 'unassign' ? SAMPLING_TRANSITIONS.assign.label : SAMPLING_TRANSITIONS[action].label;
  return `订单当前为「${ORDER_STATE_NAMES[state]}」，不能${words}`;
}

/** The request a sampling/add of this type makes (0 自行寄样, 1 上门取样). */
export const samplingActionOf = (type: 0 | 1): 'send' | 'book' => (type === 1 ? 'book' : 'send');
