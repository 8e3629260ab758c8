// The customer's attestation on the one engine (ADR 0035, ADR 0058): the
// profile form's submission (the customer) and its review (their manager or an
// admin) move user_account.attestation_state only through this machine, whose
// moves the audit log keeps as customer.attest / customer.approve / customer.reject.
import {
  ATTESTATION_STATE_NAMES,
  ATTESTATION_TRANSITIONS,
  type AttestationAction,
  type AttestationState,
} from '@yance/contracts/attestation-states';
import type { AppContext } from '../../context.ts';
import { actorOf, defineMachine } from '../../lib/state-machine.ts';
import { lockCustomer, setAttestationState, type CustomerRow } from './customer.repository.ts';

/** The customer as the machine moves their attestation: `state` is attestationState. */
export type Attesting = CustomerRow & { state: AttestationState };

const attesting = (row: CustomerRow | undefined): Attesting | undefined => row && { ...row, state: row.attestationState };

/** 138****5678: how the log names a customer. */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export const attestationMachine = defineMachine<AppContext, Attesting, AttestationState, typeof ATTESTATION_TRANSITIONS>({
  objectType: 'customer',
  table: ATTESTATION_TRANSITIONS,
  names: ATTESTATION_STATE_NAMES,
  noun: '认证资料',
  missing: '客户不存在',
  lock: async (t, id) => attesting(await lockCustomer(t.db, id)),
  // A customer moves only their own; staff reach is the console's (a manager's own customers), checked by the caller.
  reach: (_t, mover, row) => mover.kind !== 'customer' || mover.userId === row.id,
  write: async (t, row, from, to, _at, set) => attesting(await setAttestationState(t.db, row.id, from, to, set)),
  noteMissing: () => '[原因]不能为空',
  audience: (_t, row) => ({ userId: row.id, orderId: null, vars: {} }),
  // The log names a customer by their masked phone, read under the lock.
  actor: async (_t, mover, row, permissions) =>
    mover.kind === 'customer' ? { kind: 'customer', id: row.id, name: maskPhone(row.phone) } : actorOf(mover, permissions),
});

/** The fields an attestation move writes besides its state (and logs): the review's words and the ordering flag. */
export function attestationSet(action: AttestationAction, at: Date, reason = ''): Partial<CustomerRow> {
  const to = ATTESTATION_TRANSITIONS[action].to;
  if (action === 'attest') return { attestationState: to, attestationReason: '', attested: true };
  return { attestationState: to, attestationReason: reason, attestationReviewedAt: at, attested: action === 'approve' };
}
