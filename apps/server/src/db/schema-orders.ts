// The experiment plan and orders (issue 9, ADR 0039); the lab's tables are in schema-lab.ts.
import { MONEY_EVENT_ACTIONS } from '@yance/contracts/ledger';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Fen } from '@yance/contracts/money';
import type { ReturnAddress } from '@yance/contracts/order';
import { PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';
import { CONTRACT_EVENT_ACTIONS, CONTRACT_STATES, type ContractState } from '@yance/contracts/order-contract';
import { SAMPLING_EVENT_ACTIONS, SAMPLING_STATES, type SamplingState } from '@yance/contracts/sampling';
import { LAB_EVENT_ACTIONS } from '@yance/contracts/sample-states';
import { CALL_EVENT_ACTIONS } from '@yance/contracts/call-task';
import { PICKUP_EVENT_ACTIONS } from '@yance/contracts/pickup';
import {
  DELIVERY_METHODS,
  ORDER_ACTIONS,
  ORDER_KINDS,
  ORDER_STATES,
  type DeliveryMethod,
  type OrderKind,
  type OrderState,
} from '@yance/contracts/order-states';
import { AUDIT_ACTOR_KINDS, type AuditActorKind } from '@yance/contracts/staff';
import { countCheck, notNegative, oneOf } from './checks.ts';
import { device } from './schema.ts';
import { demandQuoteLine } from './schema-demands.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
type Choices = Record<string, string>;

/**
 * Events of the timeline that are not transitions: a draft saved (its first event), a sampling request sent or cancelled,
 * the lab's steps on samples and files (ADR 0041), a contract scan uploaded or rejected (ADR 0045), the manager's call
 * after receipt (ADR 0046), a collector chosen for a pick-up or taken off it (ADR 0049).
 */
export const ORDER_EVENT_ACTIONS = [
  ...ORDER_ACTIONS,
  'saveDraft',
  ...SAMPLING_EVENT_ACTIONS,
  ...LAB_EVENT_ACTIONS,
  ...CONTRACT_EVENT_ACTIONS,
  ...CALL_EVENT_ACTIONS,
  ...PICKUP_EVENT_ACTIONS,
  ...MONEY_EVENT_ACTIONS,
] as const;

/**
 * One line of a customer's plan (实验方案, the cart): a catalogue item, its
 * chosen options and the count, priced live; or (type 31, 定制项目) a line of
 * a quote the customer accepted, priced by that quote only (ADR 0044).
 */
export const planItem = pgTable(
  'plan_item',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'cascade' }),
    quoteLineId: integer('quote_line_id').references(() => demandQuoteLine.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<Choices>().notNull().default({}),
    count: integer('count').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('plan_item_user_idx').on(t.userId, t.id),
    countCheck('plan_item_count_check', t.count),
    // Exactly one of: a catalogue item, a quote line.
    check('plan_item_source_check', sql`(${t.deviceId} is null) <> (${t.quoteLineId} is null)`),
    uniqueIndex('plan_item_quote_line_idx').on(t.quoteLineId),
  ],
);

/**
 * An order. `no` is the number people read (YC20261124-0042, per-day counter
 * below); kind and the manager are fixed when it is sent; state changes only
 * through the transition table (contracts' order-states.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    state: text('state').$type<OrderState>().notNull(),
    kind: text('kind').$type<OrderKind>().notNull(),
    /** null when no line needs samples (数据分析 only, ADR 0070): nothing is sent, nothing picked up. */
    delivery: integer('delivery').$type<DeliveryMethod>(),
    /** Where samples asked back go: the customer's address chosen at ordering, as it was then (ADR 0070); null when none is. */
    returnAddress: jsonb('return_address').$type<ReturnAddress>(),
    /** The service agreement an institution accepted with the order: its version and when (ADR 0070). */
    agreementVersion: integer('agreement_version'),
    agreementAcceptedAt: at('agreement_accepted_at'),
    remark: text('remark').notNull().default(''),
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The customer's current account manager: the console's reach (a manager sees their customers' orders). The
     * database keeps it in step with user_account.manager_id (migration 0039's triggers), so a manager's list and its
     * count read one index instead of joining every customer (ADR 0047).
     */
    managerId: integer('manager_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    /** Sum of the lines; null while a line waits for its quote (待报价). */
    totalFen: integer('total_fen').$type<Fen>(),
    /**
     * What a keyword finds the order by: its number, item names, sample names and numbers, normalised as the
     * catalogue's search_text (ADR 0004), written with the lines. The GIN index on its grams serves the keyword.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    oneOf('orders_state_check', t.state, ORDER_STATES),
    oneOf('orders_kind_check', t.kind, ORDER_KINDS),
    oneOf('orders_delivery_check', t.delivery, Object.values(DELIVERY_METHODS)),
    // An acceptance is a version and a time together.
    check('orders_agreement_check', sql`(${t.agreementVersion} is null) = (${t.agreementAcceptedAt} is null)`),
    notNegative('orders_total_fen_check', t.totalFen),
    // The customer's list: all tabs, newest first; each tab by state.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_user_state_created_idx').on(t.userId, t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The console's list: everything or by state, newest first.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_state_created_idx').on(t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A manager's list: everything or by state, newest first.
    index('orders_manager_created_idx').on(t.managerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_manager_state_created_idx').on(t.managerId, t.state, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_no_prefix_idx').on(t.no.op('text_pattern_ops')),
    // search_grams() is migration 0003's (the catalogue's rule); a keyword narrows through it, position() confirms.
    index('orders_search_grams_idx')
      .using('gin', sql`search_grams(${t.searchText})`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);

/** A line of an order: what the item was when ordered (name, price, turnaround), so later catalogue edits never change it. */
export const orderLine = pgTable(
  'order_line',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The catalogue item (再来一单 finds it again); null once the item is deleted. */
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    /** The accepted quote's line a type-31 line came from (ADR 0044); null for catalogue items. */
    quoteLineId: integer('quote_line_id').references(() => demandQuoteLine.id, { onDelete: 'set null' }),
    rid: text('rid').notNull(),
    name: text('name').notNull(),
    typeId: integer('type_id').notNull(),
    unit: text('unit').$type<PriceUnit>().notNull(),
    choices: jsonb('choices').$type<Choices>().notNull().default({}),
    unitFen: integer('unit_fen').$type<Fen>().notNull(),
    count: integer('count').notNull(),
    /** null while waiting for the manager's quote; net of promoFen. */
    amountFen: integer('amount_fen').$type<Fen>(),
    /** What the promotion rules took off the line when the order was sent (issue 21), and their labels. */
    promoFen: integer('promo_fen').notNull().default(0),
    promoLabel: text('promo_label').notNull().default(''),
    turnaroundDays: integer('turnaround_days').notNull(),
    /** The working days promised when the order was sent, from the lab's queue then (ADR 0041); null on older orders. */
    promisedDays: integer('promised_days'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('order_line_order_idx').on(t.orderId, t.sort),
    // The lab's queue per item (the turnaround estimate).
    index('order_line_device_idx').on(t.deviceId),
    oneOf('order_line_unit_check', t.unit, Object.keys(PRICE_UNITS)),
    notNegative('order_line_unit_fen_check', t.unitFen),
    notNegative('order_line_amount_fen_check', t.amountFen),
    notNegative('order_line_promo_fen_check', t.promoFen),
    countCheck('order_line_count_check', t.count),
  ],
);

/**
 * The order's timeline (who, when, from, to, note): one row per transition,
 * written in the transition's transaction together with the audit log.
 */
export const orderEvent = pgTable(
  'order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    actorId: integer('actor_id'),
    /** The name at the time (您 is said by the reader, not stored): 客户经理 王经理, 系统 … */
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    fromState: text('from_state').$type<OrderState>(),
    toState: text('to_state').$type<OrderState>().notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('order_event_order_idx').on(t.orderId, t.id),
    oneOf('order_event_actor_kind_check', t.actorKind, AUDIT_ACTOR_KINDS),
    oneOf('order_event_action_check', t.action, ORDER_EVENT_ACTIONS),
    oneOf('order_event_from_check', t.fromState, ORDER_STATES),
    oneOf('order_event_to_check', t.toState, ORDER_STATES),
  ],
);

/** Order numbers of one day (China time): INSERT … ON CONFLICT DO UPDATE … RETURNING hands each order the next, across processes. */
export const orderNoCounter = pgTable('order_no_counter', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A sampling request of an order (spec §3): type 0 self-send (courier and
 * tracking number), 1 pick-up (date, slot, address snapshot). At most one
 * active request per order, whatever runs in parallel.
 */
export const samplingRequest = pgTable(
  'sampling_request',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    type: integer('type').$type<0 | 1>().notNull(),
    state: text('state').$type<SamplingState>().notNull().default('active'),
    date: text('date').notNull().default(''),
    time: text('time').notNull().default(''),
    message: text('message').notNull().default(''),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    area: text('area').notNull().default(''),
    address: text('address').notNull().default(''),
    addressCode: text('address_code').notNull().default(''),
    addressRid: text('address_rid').notNull().default(''),
    expressCompany: text('express_company').notNull().default(''),
    expressNo: text('express_no').notNull().default(''),
    createdAt: at('created_at').notNull(),
    cancelledAt: at('cancelled_at'),
    /** Pick-up only: the lab member who collects the samples (取样日历, ADR 0049), and since when. */
    assigneeId: integer('assignee_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    assignedAt: at('assigned_at'),
  },
  (t) => [
    index('sampling_request_order_idx').on(t.orderId, t.id),
    uniqueIndex('sampling_request_one_active_idx')
      .on(t.orderId)
      .where(sql`${t.state} = 'active'`),
    // The calendar reads pick-ups by date (ADR 0049).
    index('sampling_request_pickup_date_idx')
      .on(t.date, t.time)
      .where(sql`${t.type} = 1`),
    index('sampling_request_assignee_idx')
      .on(t.assigneeId, t.date)
      .where(sql`${t.assigneeId} is not null`),
    oneOf('sampling_request_type_check', t.type, [0, 1]),
    oneOf('sampling_request_state_check', t.state, SAMPLING_STATES),
  ],
);

/**
 * The contract of an enterprise order (ADR 0045): the PDF is generated from
 * the order when asked; this row holds the signed scan the customer uploaded
 * (a private file) and the manager's answer. One per order.
 */
export const orderContract = pgTable(
  'order_contract',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state').$type<ContractState>().notNull().default('none'),
    scanKey: text('scan_key').notNull().default(''),
    scanName: text('scan_name').notNull().default(''),
    scanType: text('scan_type').notNull().default(''),
    uploadedAt: at('uploaded_at'),
    rejectReason: text('reject_reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
  },
  (t) => [oneOf('order_contract_state_check', t.state, CONTRACT_STATES)],
);
