import type { AuditEntry } from '@yance/contracts/staff';
import type { z } from 'zod';
import type { auditQuery } from '@yance/contracts/staff';
import type { AppContext } from '../../context.ts';
import { SYSTEM_ACTOR, type Actor, type Moved } from '../../lib/state-machine.ts';
import { insertAudit, pageAudit } from './audit.repository.ts';

/** Who acts: a staff member, a customer, or the system (one type with the state-machine engine). */
export type { Actor };
export const SYSTEM: Actor = SYSTEM_ACTOR;

/** Fields whose values never enter the log, only that they changed. */
const SECRET = /password|secret|token|totp|recovery/i;
const MASK = '******';

/**
 * Field → [before, after] for the fields that differ (or every field of a
 * new object when `before` is null); secrets are masked. Arrays and objects
 * compare by value.
 */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [field, next] of Object.entries(after)) {
    const prev = before ? before[field] : null;
    if (before && JSON.stringify(prev) === JSON.stringify(next)) continue;
    out[field] = SECRET.test(field) ? [before && prev != null ? MASK : null, MASK] : [prev ?? null, next ?? null];
  }
  return out;
}

export interface AuditRecord {
  actor: Actor;
  action: string;
  objectType: string;
  objectId: string | number;
  changes: Record<string, [unknown, unknown]>;
  ip?: string;
}

/**
 * Writes one row of the audit log. Call it with the context of the
 * transaction that makes the change (ctx.tx), so the change and its record
 * are kept or lost together.
 */
export async function recordAudit(ctx: AppContext, r: AuditRecord): Promise<void> {
  await insertAudit(ctx.db, {
    at: ctx.clock(),
    actorKind: r.actor.kind,
    actorId: r.actor.id,
    actorName: r.actor.name,
    action: r.action,
    objectType: r.objectType,
    objectId: String(r.objectId),
    changes: r.changes,
    ip: r.ip ?? '',
  });
}

export async function listAudit(ctx: AppContext, q: z.output<typeof auditQuery>) {
  const { rows, total } = await pageAudit(
    ctx.db,
    {
      actorKind: q.actorKind,
      actorId: q.actorId,
      objectType: q.objectType || undefined,
      objectId: q.objectId || undefined,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    },
    q.page,
    q.pageSize,
  );
  const list: AuditEntry[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

/** What a state move of an object (order, booking, demand, sample …) logs. */
export interface StateMove {
  actor: Actor;
  objectType: string;
  objectId: string | number;
  /** The transition's name: the row's action is `<objectType>.<action>`. */
  action: string;
  /** null when the transition made the object. */
  from: string | null;
  to: string;
  note?: string;
  /** Other fields the move changed. */
  changes?: Record<string, [unknown, unknown]>;
  ip?: string;
}

/** The audit row of a state move, the same shape for every object with a transition table. */
export function recordStateMove(ctx: AppContext, m: StateMove): Promise<void> {
  return recordAudit(ctx, {
    actor: m.actor,
    action: `${m.objectType}.${m.action}`,
    objectType: m.objectType,
    objectId: m.objectId,
    changes: { state: [m.from, m.to], ...(m.note ? { note: [null, m.note] } : {}), ...m.changes },
    ip: m.ip,
  });
}

/** The audit row of a move announced by the state-machine engine (every machine's, ADR 0058). */
export const recordMove = (t: AppContext, m: Moved<unknown>): Promise<void> =>
  recordStateMove(t, {
    actor: m.actor,
    objectType: m.objectType,
    objectId: m.objectId,
    action: m.action,
    from: m.from,
    to: m.to,
    note: m.note,
    changes: m.changes,
    ip: m.ip,
  });
