import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { changesOf, recordAudit, type Actor } from '../audit/index.ts';
import { SHOWCASE_CHANGED } from '../catalog/index.ts';

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

/** How an ordered list's rows are named in the log and in the refusal (banner, 轮播图), and how one row's sort is stored. */
interface OrderedList {
  objectType: string;
  label: string;
  setSort: (id: number, sort: number) => Promise<unknown>;
}

/**
 * Gives an ordered list (banners, partners) the order of `ids`, which must
 * hold every row once: each moved row's sort becomes its place, and is
 * logged as `<objectType>.sort`.
 */
export async function writeOrder(
  t: AppContext,
  w: Write,
  rows: readonly { id: number; sort: number }[],
  ids: number[],
  list: OrderedList,
): Promise<void> {
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || ids.some((id) => !known.has(id))) throw new AppError('INVALID', `[顺序]须包含全部${list.label}各一次`);
  for (const [sort, id] of ids.entries()) {
    const before = rows.find((r) => r.id === id)!;
    if (before.sort === sort) continue;
    await list.setSort(id, sort);
    await logChange(
      t,
      w,
      { action: `${list.objectType}.sort`, objectType: list.objectType, objectId: id },
      { sort: before.sort },
      { sort },
    );
  }
}

/**
 * Runs a content write in one transaction, then drops this process's cached
 * home page (other processes see it within their 10 s cache period).
 */
export async function contentWrite<T>(ctx: AppContext, fn: (t: AppContext) => Promise<T>): Promise<T> {
  const out = await ctx.tx(fn);
  await ctx.emit(SHOWCASE_CHANGED, { what: 'content-admin' });
  return out;
}
