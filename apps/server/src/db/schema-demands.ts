// Custom demands and their quotes (issue 9, ADR 0044).
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEMAND_ACTIONS, DEMAND_STATES, type DemandAttachment, type DemandState } from '@yance/contracts/demand';
import type { Fen } from '@yance/contracts/money';
import { COUNT_MAX, PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';
import { AUDIT_ACTOR_KINDS, type AuditActorKind } from '@yance/contracts/staff';
import { notNegative, oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A customer's demand (/require): what they need, their budget and contact;
 * the manager's quote (its lines in demand_quote_line, its validity and note).
 * State changes only through the contracts' DEMAND_TRANSITIONS.
 */
export const demand = pgTable(
  'demand',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    budgetFen: integer('budget_fen').$type<Fen>(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** Private files (ADR 0044): stored under their random id, readable by the customer and the staff who reach them. */
    attachments: jsonb('attachments').$type<DemandAttachment[]>().notNull().default([]),
    state: text('state').$type<DemandState>().notNull(),
    /** The quote's last valid day (China calendar, YYYY-MM-DD); '' before a quote. */
    validUntil: text('valid_until').notNull().default(''),
    quoteNote: text('quote_note').notNull().default(''),
    totalFen: integer('total_fen').$type<Fen>(),
    quotedBy: integer('quoted_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    quotedAt: at('quoted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('demand_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('demand_state_idx').on(t.state, t.id.desc().nullsFirst()),
    oneOf('demand_state_check', t.state, DEMAND_STATES),
    notNegative('demand_budget_fen_check', t.budgetFen),
    notNegative('demand_total_fen_check', t.totalFen),
  ],
);

/** A line of a demand's quote: what becomes a type-31 plan line when the customer accepts; its price is only ever this. */
export const demandQuoteLine = pgTable(
  'demand_quote_line',
  {
    id: serial('id').primaryKey(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => demand.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unitFen: integer('unit_fen').$type<Fen>().notNull(),
    unit: text('unit').$type<PriceUnit>().notNull(),
    count: integer('count').notNull(),
    turnaroundDays: integer('turnaround_days').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('demand_quote_line_demand_idx').on(t.demandId, t.sort),
    oneOf('demand_quote_line_unit_check', t.unit, Object.keys(PRICE_UNITS)),
    notNegative('demand_quote_line_unit_fen_check', t.unitFen),
    check('demand_quote_line_count_check', sql`${t.count} between 1 and ${sql.raw(String(COUNT_MAX))}`),
  ],
);

/** The demand's timeline: one row per transition, written with the audit row in the transition's transaction. */
export const demandEvent = pgTable(
  'demand_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    demandId: integer('demand_id')
      .notNull()
      .references(() => demand.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    fromState: text('from_state').$type<DemandState>(),
    toState: text('to_state').$type<DemandState>().notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('demand_event_demand_idx').on(t.demandId, t.id),
    oneOf('demand_event_actor_kind_check', t.actorKind, AUDIT_ACTOR_KINDS),
    oneOf('demand_event_action_check', t.action, DEMAND_ACTIONS),
    oneOf('demand_event_from_check', t.fromState, DEMAND_STATES),
    oneOf('demand_event_to_check', t.toState, DEMAND_STATES),
  ],
);
