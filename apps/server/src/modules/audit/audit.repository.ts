import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { batchedInsert } from '../../db/write-batch.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * The one write the log allows: a new row, held by the writing transaction and written with its other batched
 * rows before it commits (ADR 0066; nothing reads the log back inside a transaction).
 */
export const insertAudit: (db: Executor, row: NewAuditRow) => Promise<void> = batchedInsert(auditLog);

export interface AuditFilter {
  actorKind?: AuditRow['actorKind'];
  actorId?: number;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

/** One page of the log, newest first, and how many rows match. */
export async function pageAudit(
  db: Executor,
  f: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: (SQL | undefined)[] = [
    f.actorKind ? eq(auditLog.actorKind, f.actorKind) : undefined,
    f.actorId !== undefined ? eq(auditLog.actorId, f.actorId) : undefined,
    f.objectType ? eq(auditLog.objectType, f.objectType) : undefined,
    f.objectId ? eq(auditLog.objectId, f.objectId) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(auditLog)
    .where(and(...where))) as [{ total: number }];
  return { rows, total };
}
