// A customer's attestation (认证资料, the profile form of spec §3): its one transition table
// (issue 20, ADR 0035, ADR 0058). zod-free: the console and the server read the same table;
// the states are ATTESTATION_STATES (states.ts), which the database's CHECK constraint is made from.
import { CUSTOMER, staff, type Transition } from './machine.ts';
import { ATTESTATION_STATES, ATTESTATION_STATE_NAMES, type AttestationState } from './states.ts';

export { ATTESTATION_STATES, ATTESTATION_STATE_NAMES, type AttestationState };

export type AttestationTransition = Transition<AttestationState> & { to: AttestationState };

/**
 * Every change of a customer's attestation state, and the only one: the
 * server's attestation machine (modules/customer/attestation.service.ts, on the one
 * engine) checks who may and the state. Every submission of the form waits
 * for a new review, whatever the last one said.
 */
export const ATTESTATION_TRANSITIONS = {
  /** The customer fills (or fills again) the profile form. */
  attest: { label: '提交认证资料', from: ATTESTATION_STATES, to: 'pending', by: [CUSTOMER] },
  /** Their manager (or an admin) passes it: the customer may order. */
  approve: { label: '认证通过', from: ['pending'], to: 'approved', by: [staff('customer.manage')] },
  /** … or rejects it with a reason the customer reads: the form counts as not filled until it is sent again. */
  reject: { label: '认证驳回', from: ['pending'], to: 'rejected', by: [staff('customer.manage')], note: 'required' },
} as const satisfies Record<string, AttestationTransition>;
export type AttestationAction = keyof typeof ATTESTATION_TRANSITIONS;
export const ATTESTATION_ACTIONS = Object.keys(ATTESTATION_TRANSITIONS) as AttestationAction[];
