// The one place a member row's state changes (ADR 0051): every call goes
// through makeMemberRow or moveMember with an action of the contracts'
// CLUSTER_MEMBER_TRANSITIONS, under the group's lock, with the audit row and
// the affected customer's in-site message in the same transaction.
import {
  canLeaveMemberState,
  CLUSTER_MEMBER_TRANSITIONS,
  CLUSTER_REFUSED,
  maskPhone,
  NO_CLUSTER,
  NO_CLUSTER_MEMBER,
  type ClusterMemberAction,
  type ClusterRole,
} from '@yance/contracts/cluster';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, recordStateMove, type Actor } from '../audit/audit.service.ts';
import { notifySite } from '../notify/notify.service.ts';
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

/** Who may take the action on the row: the owner of the group, or the row's own customer. */
function mayTake(c: Caller, group: ClusterRow, row: Pick<MemberRow, 'userId'>, action: ClusterMemberAction): boolean {
  const by = CLUSTER_MEMBER_TRANSITIONS[action].by;
  return by === 'owner' ? group.ownerId === c.userId : row.userId === c.userId;
}

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
  if (!mayTake(c, group, who, action)) throw new AppError('NOT_FOUND', NO_CLUSTER);
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
  await recordAudit(t, {
    actor: actorOf(c),
    action: `cluster.${action}`,
    objectType: 'cluster',
    objectId: group.id,
    changes: {
      state: [null, rule.to],
      member: [null, memberLabel(who)],
      memberId: [null, row.id],
      ...(opts.message ? { message: [null, opts.message] } : {}),
    },
    ip: c.ip,
  });
  return row;
}

/**
 * Moves an existing row by one action of the table in the locked group:
 * checks who may (404, as for a stranger) and the state (409), writes it with
 * a compare-and-set, keeps the group's member count, and logs the move.
 */
export async function moveMember(
  t: AppContext,
  c: Caller,
  group: ClusterRow,
  row: MemberRow,
  who: Person,
  action: ClusterMemberAction,
  note = '',
): Promise<MemberRow> {
  if (!mayTake(c, group, row, action)) throw new AppError('NOT_FOUND', NO_CLUSTER_MEMBER);
  const from = row.state;
  if (!canLeaveMemberState(action, from)) throw new AppError('CONFLICT', CLUSTER_REFUSED.stale);
  const to = CLUSTER_MEMBER_TRANSITIONS[action].to;
  const at = t.clock();
  const moved = await repo.moveMemberState(t.db, row.id, from, to, to === 'member' ? { joinedAt: at } : { endedAt: at });
  // The group's lock makes this unreachable; kept so a change of locking can never move a row twice.
  if (!moved) throw new AppError('CONFLICT', CLUSTER_REFUSED.stale);
  const delta = (to === 'member' ? 1 : 0) - (from === 'member' ? 1 : 0);
  if (delta !== 0) await repo.addToMemberCount(t.db, group.id, delta);
  await recordStateMove(t, {
    actor: actorOf(c),
    objectType: 'cluster',
    objectId: group.id,
    action,
    from,
    to,
    note,
    changes: { member: [null, memberLabel(who)], memberId: [null, row.id] },
    ip: c.ip,
  });
  return moved;
}
