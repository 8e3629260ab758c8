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
  /** Their manager (or an admin) passes it: the customer reads 已认证 (ordering never waited for it, ADR 0035). */
  approve: { label: '认证通过', from: ['pending'], to: 'approved', by: [staff('customer.manage')] },
  /** … or rejects it with a reason the customer reads: the form counts as not filled (no ordering) until it is sent again. */
  reject: { label: '认证驳回', from: ['pending'], to: 'rejected', by: [staff('customer.manage')], note: 'required' },
} as const satisfies Record<string, AttestationTransition>;
export type AttestationAction = keyof typeof ATTESTATION_TRANSITIONS;
export const ATTESTATION_ACTIONS = Object.keys(ATTESTATION_TRANSITIONS) as AttestationAction[];

/**
 * What a review changes, as the console's dialogs say it (ADR 0035): a filled
 * form lets the customer order at once (`attested`), so approval only marks it
 * reviewed; a rejection is what stops ordering until the form is sent again.
 */
export const ATTESTATION_APPROVE_EFFECT =
  '通过后，客户在会员中心看到「已认证」。下单不等审核：客户提交认证资料后即可下单、付款；只有驳回会让客户重新填写资料后才能再下单。';
export const ATTESTATION_REJECT_EFFECT = '驳回原因会显示给客户，请写明需要修改的地方。驳回后，客户须重新填写认证资料才能再下单。';
