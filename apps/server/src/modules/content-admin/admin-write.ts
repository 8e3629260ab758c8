import type { AppContext, StaffCaller } from '../../context.ts';
import { changesOf, recordAudit, type Actor } from '../audit/audit.service.ts';
import { invalidateHomeCache } from '../home/home.service.ts';

export const staffActor = (caller: StaffCaller): Actor => ({ kind: 'staff', id: caller.id, name: caller.name });

export interface Write {
  caller: StaffCaller;
  ip: string;
}

/**
 * Logs one content change (before → after, only what differs; nothing when
 * nothing did) in the transaction t that made it.
 */
export async function logChange(
  t: AppContext,
  w: Write,
  what: { action: string; objectType: string; objectId: string | number },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  const changes = changesOf(before, after);
  if (before && Object.keys(changes).length === 0) return;
  await recordAudit(t, { actor: staffActor(w.caller), ...what, changes, ip: w.ip });
}

/** Logs a removal: every field the object had → null, so the log keeps all of it (and a removal can be undone by hand). */
export async function logRemoval(
  t: AppContext,
  w: Write,
  what: { action: string; objectType: string; objectId: string | number },
  before: Record<string, unknown>,
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(before).map(([k, v]) => [k, [v ?? null, null] as [unknown, unknown]]));
  await recordAudit(t, { actor: staffActor(w.caller), ...what, changes, ip: w.ip });
}

/**
 * Runs a content write in one transaction, then drops this process's cached
 * home page (other processes see it within their 10 s cache period).
 */
export async function contentWrite<T>(ctx: AppContext, fn: (t: AppContext) => Promise<T>): Promise<T> {
  const out = await ctx.tx(fn);
  invalidateHomeCache(ctx);
  return out;
}
