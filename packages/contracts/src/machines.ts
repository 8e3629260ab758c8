// Every transition table, by the object type the audit log and the notice
// table name it with (ADR 0058). The server defines one machine per entry;
// contracts tests tie the console's routes and the notice table to these.
import { ATTESTATION_TRANSITIONS } from './attestation-states.ts';
import { BOOKING_TRANSITIONS } from './booking-states.ts';
import { CLUSTER_MEMBER_TRANSITIONS } from './cluster.ts';
import { CONTRACT_TRANSITIONS } from './contract-states.ts';
import { COUPON_TRANSITIONS } from './coupon-states.ts';
import { DEMAND_TRANSITIONS } from './demand.ts';
import { INVITE_REWARD_TRANSITIONS } from './invite-states.ts';
import { INVOICE_TRANSITIONS } from './invoice-states.ts';
import { REFUND_TRANSITIONS, TOPUP_TRANSITIONS } from './ledger.ts';
import type { MachineActor } from './machine.ts';
import { ORDER_TRANSITIONS } from './order-states.ts';
import { PROMOTER_TRANSITIONS, REBATE_TRANSITIONS, WITHDRAW_TRANSITIONS } from './promotion-states.ts';
import { RESULT_FILE_TRANSITIONS } from './result-file-states.ts';
import { SAMPLE_TRANSITIONS } from './sample-states.ts';
import { SAMPLING_TRANSITIONS } from './sampling-states.ts';

export const TRANSITION_TABLES = {
  order: ORDER_TRANSITIONS,
  sample: SAMPLE_TRANSITIONS,
  sampling: SAMPLING_TRANSITIONS,
  result_file: RESULT_FILE_TRANSITIONS,
  contract: CONTRACT_TRANSITIONS,
  booking: BOOKING_TRANSITIONS,
  demand: DEMAND_TRANSITIONS,
  invoice: INVOICE_TRANSITIONS,
  topup: TOPUP_TRANSITIONS,
  refund: REFUND_TRANSITIONS,
  user_coupon: COUPON_TRANSITIONS,
  inviteReward: INVITE_REWARD_TRANSITIONS,
  promoter: PROMOTER_TRANSITIONS,
  rebate: REBATE_TRANSITIONS,
  withdrawal: WITHDRAW_TRANSITIONS,
  cluster_member: CLUSTER_MEMBER_TRANSITIONS,
  customer: ATTESTATION_TRANSITIONS,
} as const satisfies Record<string, Record<string, { label: string; by: readonly MachineActor[] }>>;

export type MachineType = keyof typeof TRANSITION_TABLES;
/** `<objectType>.<action>` of every transition. */
export type MoveKey = { [T in MachineType]: `${T}.${keyof (typeof TRANSITION_TABLES)[T] & string}` }[MachineType];

/** The transition a key names, or undefined. */
export function transitionOf(key: string): { label: string; by: readonly MachineActor[] } | undefined {
  const [type, action] = key.split('.') as [string, string];
  return (TRANSITION_TABLES as Record<string, Record<string, { label: string; by: readonly MachineActor[] }>>)[type]?.[action];
}
