import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff member's TOTP recovery codes (ADR 0038): shown once at enrolment,
 * kept only as keyed hashes; using one sets used_at, so each works once.
 */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('staff_recovery_code_staff_idx').on(t.staffId, t.codeHash)],
);

/**
 * One-time links that create the first admin of an installation started
 * without demo data and without ADMIN_ACCOUNT (ADR 0038); the token only as
 * its SHA-256.
 */
export const staffSetupToken = pgTable('staff_setup_token', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull(),
});
