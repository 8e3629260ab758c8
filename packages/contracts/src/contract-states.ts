// An enterprise order's contract: its states and its one transition table (issue 20, ADR 0058).
// zod-free: the storefront, the console and the server read the same table, and the
// database's CHECK constraint is generated from CONTRACT_STATES.
import { CUSTOMER, staff, type Transition } from './machine.ts';
import { ORDER_STATE_NAMES, type OrderState } from './order-states.ts';

/** none: no scan yet; uploaded: waits for the manager; rejected: re-upload (the reason shown); confirmed: the order moved on. */
export const CONTRACT_STATES = ['none', 'uploaded', 'rejected', 'confirmed'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATE_NAMES: Record<ContractState, string> = {
  none: '待上传签署件',
  uploaded: '待确认',
  rejected: '签署件被退回',
  confirmed: '已确认',
};

export type ContractTransition = Transition<ContractState> & { to: ContractState; parentIn: readonly OrderState[] };

/** Every action of a contract waits for its order to be 待签约. */
const SIGNING: readonly OrderState[] = ['contracting'];

/**
 * Every change of a contract's state, and the only one: the server's contract
 * machine (modules/contract/contract.service.ts, on the one engine) checks who
 * may, the contract's state and the gate on its order's state (`parentIn`, 409
 * in Chinese). A contract without a row is `none` (the first scan makes it).
 */
export const CONTRACT_TRANSITIONS = {
  /** The customer uploads the signed scan; it replaces an earlier or rejected one. */
  upload: { label: '上传签署合同', from: ['none', 'uploaded', 'rejected'], to: 'uploaded', by: [CUSTOMER], parentIn: SIGNING },
  /** The manager sends the scan back with a reason; the customer uploads again. */
  reject: { label: '退回签署合同', from: ['uploaded'], to: 'rejected', by: [staff('order.quote')], note: 'required', parentIn: SIGNING },
  /** With the order's 确认合同 (the order then waits for payment). */
  confirm: { label: '确认合同', from: ['uploaded'], to: 'confirmed', by: [staff('order.quote')], parentIn: SIGNING },
} as const satisfies Record<string, ContractTransition>;
export type ContractAction = keyof typeof CONTRACT_TRANSITIONS;
export const CONTRACT_ACTIONS = Object.keys(CONTRACT_TRANSITIONS) as ContractAction[];

/** Why a contract cannot take `action` while its order is in `state` (null when the table's gate lets it). */
export function contractRefusal(action: ContractAction, state: OrderState): string | null {
  if ((CONTRACT_TRANSITIONS[action].parentIn as readonly OrderState[]).includes(state)) return null;
  return `订单当前为「${ORDER_STATE_NAMES[state]}」，不能${CONTRACT_TRANSITIONS[action].label}`;
}
