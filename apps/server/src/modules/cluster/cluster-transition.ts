// The one place a member row's state changes (ADR 0051, ADR 0058): every call
// goes through makeMemberRow or moveMember with an action of the contracts'
// CLUSTER_MEMBER_TRANSITIONS, on the one engine, under the group's lock, with
// the audit row and the affected customer's in-site message in the same
// transaction.
import {
  CLUSTER_MEMBER_STATE_NAMES,
  CLUSTER_MEMBER_TRANSITIONS,
  maskPhone,
  NO_CLUSTER,
  NO_CLUSTER_MEMBER,
  type ClusterMemberAction,
  type ClusterMemberState,
  type ClusterRole,
} from '@yance/contracts/cluster';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineMachine, type Actor, type Mover } from '../../lib/state-machine.ts';
import { notifySite } from '../notify/index.ts';
import * as repo from './cluster.repository.ts';
import type { ClusterRow, MemberRow } from './cluster.repository.ts';

/** The customer acting: who they are in the audit log, and the client address. */
export interface Caller {
  userId: number;
  /** Their name, else their masked phone (as the log and the messages say it). */
  name: string;
  ip: string;
}

export const actorOf = (c: Caller): Actor => ({ kind: 'customer', id: c.userId, name: c.name });

const moverOf = (c: Caller): Mover => ({ kind: 'customer', userId: c.userId, name: c.name, ip: c.ip });

/** How a customer is named to others: the profile's name, else the masked phone. */
export const personName = (p: { name: string; phone: string }) => p.name || maskPhone(p.phone);

/** A member as the log names them: 王同学（138****0000）. */
export const memberLabel = (p: { name: string; phone: string }) => `${p.name || '未填写姓名'}（${maskPhone(p.phone)}）`;

/** The group locked for the caller's change, if it is live (404 otherwise). */
export async function lockLiveCluster(t: AppContext, id: number): Promise<ClusterRow> {
  const row = await repo.lockCluster(t.db, id);
  if (!row) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return row;
}

/** The group locked, if the caller owns it: another's answers as a missing one. */
export async function lockOwnCluster(t: AppContext, c: Caller, id: number): Promise<ClusterRow> {
  const row = await repo.lockCluster(t.db, id);
  if (!row || row.ownerId !== c.userId) throw new AppError('NOT_FOUND', NO_CLUSTER);
  return row;
}

/** The member row, if it belongs to this group (locked by the caller). */
export async function memberOf(t: AppContext, group: ClusterRow, id: number, missing = NO_CLUSTER_MEMBER): Promise<MemberRow> {
  const row = await repo.findMember(t.db, id);
  if (!row || row.clusterId !== group.id) throw new AppError('NOT_FOUND', missing);
  return row;
}

/** An in-site message (kind cluster) to a customer, committed with the change. */
export async function tell(t: AppContext, userId: number, key: string, title: string, text: string): Promise<void> {
  await notifySite(t, { id: null, userId }, { kind: 'cluster', key: `cluster:${key}`, title, text });
}

/** Whom a transition concerns, for its audit row. */
export interface Person {
  name: string;
  phone: string;
}

/**
 * How a customer relates to a row of a group owned by `ownerId`: the group's
 * owner first (their own row included: they dissolve it), else the row's own
 * customer; null for a stranger.
 */
function relation(ownerId: number | undefined, userId: number, row: Pick<MemberRow, 'userId'>): 'owner' | 'self' | null {
  if (ownerId === userId) return 'owner';
  return row.userId === userId ? 'self' : null;
}

const ownerOf = async (t: AppContext, row: MemberRow) => (await repo.findCluster(t.db, row.clusterId))?.ownerId;

/**
 * A member row's machine: reached by the group's owner and the row's own
 * customer only (anyone else's move answers as a missing member, 404), the
 * table's OWNER or CUSTOMER told apart by `customerIs`, and the group's member
 * count kept with the state. Its audit rows are cluster_member.<action>, with
 * the group's id among the changes.
 */
export const memberMachine = defineMachine<AppContext, MemberRow, ClusterMemberState, typeof CLUSTER_MEMBER_TRANSITIONS>({
  objectType: 'cluster_member',
  table: CLUSTER_MEMBER_TRANSITIONS,
  names: CLUSTER_MEMBER_STATE_NAMES,
  noun: '申请',
  missing: NO_CLUSTER_MEMBER,
  // The group's lock first, as every change of a group's rows takes it.
  lock: async (t, id) => {
    const found = await repo.findMember(t.db, id);
    return found && (await repo.lockCluster(t.db, found.clusterId)) ? repo.findMember(t.db, id) : undefined;
  },
  reach: async (t, mover, row) => mover.kind !== 'customer' || relation(await ownerOf(t, row), mover.userId, row) !== null,
  customerIs: async (t, mover, row) => relation(await ownerOf(t, row), mover.userId, row) ?? 'self',
  write: async (t, row, from, to, at) => {
    const moved = await repo.moveMemberState(t.db, row.id, from, to, to === 'member' ? { joinedAt: at } : { endedAt: at });
    const delta = (to === 'member' ? 1 : 0) - (from === 'member' ? 1 : 0);
    if (moved && delta !== 0) await repo.addToMemberCount(t.db, row.clusterId, delta);
    return moved;
  },
});

/**
 * Makes a new row by a creating transition (create, apply, add) in the locked
 * group; a live row of the customer there already answers 409 (the partial
 * unique index backs it when two arrive at once).
 */
export async function makeMemberRow(
  t: AppContext,
  c: Caller,
  group: ClusterRow,
  who: { userId: number } & Person,
  action: 'create' | 'apply' | 'add',
  opts: { role?: ClusterRole; message?: string } = {},
): Promise<MemberRow> {
  const rule = CLUSTER_MEMBER_TRANSITIONS[action];
  const related = relation(group.ownerId, c.userId, who);
  if (!related || !memberMachine.mayTake(moverOf(c), action, related)) throw new AppError('NOT_FOUND', NO_CLUSTER);
  const at = t.clock();
  const row = await repo.insertMember(t.db, {
    clusterId: group.id,
    userId: who.userId,
    role: opts.role ?? 'member',
    state: rule.to,
    message: opts.message ?? '',
    createdAt: at,
    joinedAt: rule.to === 'member' ? at : null,
  });
  // The group's own row is counted by its default (1).
  if (rule.to === 'member' && action !== 'create') await repo.addToMemberCount(t.db, group.id, 1);
  return memberMachine.created(t, moverOf(c), row, action, {
    changes: {
      clusterId: [null, group.id],
      member: [null, memberLabel(who)],
      ...(opts.message ? { message: [null, opts.message] } : {}),
    },
  });
}

/**
 * Moves an existing row of the locked group by one action of the table on
 * the engine: who may (404, as for a stranger), the state (409), a
 * compare-and-set with the group's member count, and the audit row.
 */
export function moveMember(
  t: AppContext,
  c: Caller,
  group: ClusterRow,
  row: MemberRow,
  who: Person,
  action: ClusterMemberAction,
  note = '',
): Promise<MemberRow> {
  return memberMachine.move(t, moverOf(c), row, action, {
    locked: row,
    note,
    apply: async () => ({ clusterId: [null, group.id], member: [null, memberLabel(who)] }),
  });
}
