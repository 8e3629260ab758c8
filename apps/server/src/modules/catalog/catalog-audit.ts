import type { AppContext, StaffCaller } from '../../context.ts';
import { changesOf, recordAudit } from '../audit/index.ts';

/** What a console write tells the log: who, from where, what, on which object. */
export interface CatalogWrite {
  caller: StaffCaller;
  ip: string;
}

/**
 * Logs a catalogue change (before → after, null before for a new object) in
 * the caller's transaction; a write that changed nothing is not logged.
 */
export async function logCatalog(
  t: AppContext,
  w: CatalogWrite,
  action: string,
  object: { type: string; id: number | string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  const changes = changesOf(before, after);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(t, {
    actor: { kind: 'staff', id: w.caller.id, name: w.caller.name },
    action,
    objectType: object.type,
    objectId: object.id,
    changes,
    ip: w.ip,
  });
}
