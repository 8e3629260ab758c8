import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LOGIN_METHODS, type LoginMethod } from '@yance/contracts/states';
import { oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every start of a customer's login (a new token family, not a refresh),
 * written in the same transaction as its session (ADR 0035): the customer's
 * page in the console shows the latest.
 */
export const loginEvent = pgTable(
  'login_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    ip: text('ip').notNull().default(''),
    method: text('method').$type<LoginMethod>().notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The browser's long-lived random id (localStorage, header x-device-id; '' when none) — the invitation checks compare it (ADR 0054). */
    deviceId: text('device_id').notNull().default(''),
  },
  (t) => [
    index('login_event_user_idx').on(t.userId, t.at.desc()),
    index('login_event_device_idx')
      .on(t.deviceId)
      .where(sql`${t.deviceId} <> ''`),
    oneOf('login_event_method_check', t.method, LOGIN_METHODS),
  ],
);

/**
 * The round robin of account managers (ADR 0035): one row, locked by each
 * registration while it picks the next active manager after `last_staff_id`,
 * so concurrent sign-ups on PostgreSQL take turns instead of all picking the same one.
 */
export const managerRotation = pgTable(
  'manager_rotation',
  {
    id: integer('id').primaryKey().default(1),
    lastStaffId: integer('last_staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
  },
  (t) => [check('manager_rotation_one_row_check', sql`${t.id} = 1`)],
);
