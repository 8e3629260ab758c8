// The shape every transition table has (ADR 0058): orders, samples, bookings,
// demands, invoices, top-ups, refunds, coupons, invite rewards, promoters,
// rebates, withdrawals, group members, sampling requests, result files, order
// contracts and attestations. zod-free: the storefront, the console and the
// server read the same tables; the server's one engine (lib/state-machine.ts)
// moves every object through its table.
import type { Permission } from './staff.ts';

/**
 * Who may take a transition: the object's customer, staff holding a
 * permission, the system (jobs, other modules' reactions), or — for a
 * research group's rows — the group's owner.
 */
export type MachineActor = { customer: true } | { permission: Permission } | { system: true } | { owner: true };

export const CUSTOMER = { customer: true } as const;
export const SYSTEM = { system: true } as const;
export const OWNER = { owner: true } as const;
export const staff = <P extends Permission>(permission: P) => ({ permission }) as const;

export interface Transition<S extends string, F = never> {
  /** The button's, the timeline's and the audit log's words. */
  label: string;
  /** The states it may leave; empty for a transition that makes the object. */
  from: readonly S[];
  /** Where it goes; a function where the object's facts decide. */
  to: S | ((facts: F) => S);
  by: readonly MachineActor[];
  /** Asks the actor for a note (a reason): the timeline shows it. */
  note?: 'required' | 'optional';
  /**
   * A gate across objects: the parent's states (a sample's order, a result
   * file's sample) in which this transition may be taken. Checked by the
   * engine under the parent's lock; any other parent state answers 409.
   */
  parentIn?: readonly string[];
}

/** Whether `action` of `table` may leave `state`. */
export const mayLeave = <S extends string>(t: { from: readonly S[] }, state: S): boolean => t.from.includes(state);

/** The permissions a transition's `by` names (an admin route's access must be one of them). */
export const permissionsOf = (t: { by: readonly MachineActor[] }): Permission[] =>
  t.by.flatMap((a) => ('permission' in a ? [a.permission] : []));
