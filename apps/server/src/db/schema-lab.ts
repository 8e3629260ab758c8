// The lab's tables (ADR 0041): an order's samples, the tests run on them, the
// result files, price adjustments and retests. The orders themselves are in schema-orders.ts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Fen } from '@yance/contracts/money';
import { SAMPLE_FORMS, SAMPLE_HAZARDS, type SampleForm, type SampleHazard } from '@yance/contracts/order';
import { SAMPLE_STATES, type SampleState } from '@yance/contracts/sample-states';
import { RESULT_FILE_STATES, type ResultFileState } from '@yance/contracts/lab';
import { allOf, countCheck, notNegative, oneOf } from './checks.ts';
import { orderLine, orders } from './schema-orders.ts';
import { staffAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A sample the customer declares for a line; `no` (order no + -01, -02 …) goes on its label. */
export const orderSample = pgTable(
  'order_sample',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLine.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    /** '' while a draft's sample has no form chosen yet (issue 21: a draft saves what is there). */
    form: text('form').$type<SampleForm | ''>().notNull(),
    hazards: text('hazards')
      .array()
      .$type<SampleHazard[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    requirement: text('requirement').notNull().default(''),
    returnSample: boolean('return_sample').notNull().default(false),
    /** Where it is (contracts' SAMPLE_TRANSITIONS; written only by moveSamples, ADR 0041). */
    state: text('state').$type<SampleState>().notNull().default('awaiting'),
    stateAt: at('state_at'),
    /** The courier and number of the self-send request it travels with. */
    expressCompany: text('express_company').notNull().default(''),
    expressNo: text('express_no').notNull().default(''),
    /** Sent back by the lab with. */
    returnCompany: text('return_company').notNull().default(''),
    returnNo: text('return_no').notNull().default(''),
    checkedInAt: at('checked_in_at'),
    /** A kept sample is destroyed on this day (3 months after delivery); the notice a week before. */
    keptUntil: at('kept_until'),
    destroyNoticeAt: at('destroy_notice_at'),
  },
  (t) => [
    index('order_sample_order_idx').on(t.orderId, t.id),
    oneOf('order_sample_state_check', t.state, SAMPLE_STATES),
    // The lab's arrivals list and the destroy job.
    index('order_sample_state_idx').on(t.state, t.id),
    index('order_sample_kept_idx')
      .on(t.keptUntil)
      .where(sql`${t.state} = 'kept'`),
    // '' only in a draft: a sample whose form is not chosen yet (issue 21); order/add checks a sent order's samples complete.
    oneOf('order_sample_form_check', t.form, [...Object.keys(SAMPLE_FORMS), '']),
    allOf('order_sample_hazards_check', t.hazards, Object.keys(SAMPLE_HAZARDS)),
    // Radioactive samples are refused (contracts' RADIOACTIVE_REFUSED); the database says so too.
    check('order_sample_not_radioactive_check', sql`not ('radioactive' = any(${t.hazards}))`),
    countCheck('order_sample_count_check', t.count),
  ],
);

/** A test the lab ran on a sample (ADR 0041): instrument, conditions, operator, when; the customer reads them in the order. */
export const testRecord = pgTable(
  'test_record',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => orderSample.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    conditions: text('conditions').notNull().default(''),
    operator: text('operator').notNull(),
    testedAt: at('tested_at').notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('test_record_order_idx').on(t.orderId, t.id)],
);

/**
 * A result file of an order (ADR 0041): stored privately (never under the
 * public /upload), downloaded only through an authenticated call that checks
 * the order's owner; the customer sees it once reviewed (approved).
 */
export const resultFile = pgTable(
  'result_file',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sampleId: integer('sample_id').references(() => orderSample.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    state: text('state').$type<ResultFileState>().notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    uploadedBy: integer('uploaded_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull().default(''),
    uploadedAt: at('uploaded_at').notNull(),
    reviewedBy: integer('reviewed_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name').notNull().default(''),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    index('result_file_order_idx').on(t.orderId, t.id),
    oneOf('result_file_state_check', t.state, RESULT_FILE_STATES),
    notNegative('result_file_bytes_check', t.bytes),
  ],
);

/** 补差价 / 退差价 (ADR 0041): a signed amount in fen with its reason; the money issue settles it. */
export const orderAdjustment = pgTable(
  'order_adjustment',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    finalFen: integer('final_fen').$type<Fen>().notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('order_adjustment_order_idx').on(t.orderId, t.id), notNegative('order_adjustment_final_fen_check', t.finalFen)],
);

/** A free retest the customer asked for within 15 days of delivery (one per order). */
export const orderRetest = pgTable('order_retest', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: at('created_at').notNull(),
});
