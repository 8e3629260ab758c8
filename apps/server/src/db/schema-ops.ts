import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTOR_KINDS, type AuditActorKind } from '@yance/contracts/staff';
import { oneOf } from './checks.ts';

/**
 * The audit log (issue 8): every staff write and every state change of a
 * business object, written in the same transaction as the change. Append-only:
 * no API changes or deletes a row, and triggers (migration 0012) refuse
 * UPDATE, DELETE and TRUNCATE in the database itself.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** Field → [before, after], secrets masked. */
    changes: jsonb('changes')
      .$type<Record<string, [unknown, unknown]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.id),
    index('audit_log_at_idx').on(t.at),
    oneOf('audit_log_actor_kind_check', t.actorKind, AUDIT_ACTOR_KINDS),
  ],
);
