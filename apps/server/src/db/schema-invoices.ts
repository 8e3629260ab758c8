// Invoices (发票, issue 10, ADR 0052): the customers' titles, their
// applications and each application's lines.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceTitleSnapshot } from '@yance/contracts/invoice';
import {
  INVOICE_HOLDERS,
  INVOICE_SOURCES,
  INVOICE_STATES,
  INVOICE_TITLE_KINDS,
  type InvoiceHolder,
  type InvoiceSource,
  type InvoiceState,
  type InvoiceTitleKind,
} from '@yance/contracts/invoice-states';
import type { Fen } from '@yance/contracts/money';
import { oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A customer's invoice title (抬头): kind 1–4, the buyer's name, tax id and
 * the 专票 fields, where e-invoices (email) or paper ones (address_rid, an
 * address of the customer's book) go. At most one default per customer.
 */
export const invoiceTitle = pgTable(
  'invoice_title',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    kind: integer('kind').$type<InvoiceTitleKind>().notNull(),
    holder: text('holder').$type<InvoiceHolder>().notNull(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    registerAddress: text('register_address').notNull().default(''),
    registerPhone: text('register_phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The address book's rid (a soft reference: a deleted address leaves the title asking for another). */
    addressRid: text('address_rid').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoice_title_user_idx').on(t.userId, t.id),
    // One default per customer, whatever requests run in parallel.
    uniqueIndex('invoice_title_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    oneOf('invoice_title_kind_check', t.kind, INVOICE_TITLE_KINDS),
    oneOf('invoice_title_holder_check', t.holder, INVOICE_HOLDERS),
  ],
);

/**
 * An invoice application (开票申请): the title as it was (snapshot), where the
 * invoice goes, the amount (the sum of its lines), and finance's answer — the
 * invoice's number and its PDF (a private file of the customer), or the
 * reason of a rejection. State changes only through the contracts'
 * INVOICE_TRANSITIONS. Kept when the customer's account goes (money records).
 */
export const invoiceApplication = pgTable(
  'invoice_application',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    state: text('state').$type<InvoiceState>().notNull(),
    kind: integer('kind').$type<InvoiceTitleKind>().notNull(),
    titleId: integer('title_id').references(() => invoiceTitle.id, { onDelete: 'set null' }),
    title: jsonb('title').$type<InvoiceTitleSnapshot>().notNull(),
    email: text('email').notNull().default(''),
    mailTo: text('mail_to').notNull().default(''),
    remark: text('remark').notNull().default(''),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
    invoiceNo: text('invoice_no'),
    /** YYYY-MM-DD (China) printed on the invoice. */
    invoiceDate: text('invoice_date').notNull().default(''),
    /** The PDF's private-file id and name (media/private-file.service, under the customer). */
    pdfKey: text('pdf_key'),
    pdfName: text('pdf_name').notNull().default(''),
    /** The rejection's or the reversal's reason. */
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoice_application_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    // The console's queue: by state, first come first served.
    index('invoice_application_state_idx').on(t.state, t.id),
    // An invoice number is printed on one invoice only.
    uniqueIndex('invoice_application_invoice_no_idx')
      .on(t.invoiceNo)
      .where(sql`${t.invoiceNo} is not null`),
    oneOf('invoice_application_state_check', t.state, INVOICE_STATES),
    oneOf('invoice_application_kind_check', t.kind, INVOICE_TITLE_KINDS),
    check('invoice_application_amount_check', sql`${t.amountFen} > 0`),
    check(
      'invoice_application_issued_check',
      sql`${t.state} not in ('issued', 'reversed') or (${t.invoiceNo} is not null and ${t.pdfKey} is not null)`,
    ),
    check('invoice_application_reason_check', sql`${t.state} not in ('rejected', 'reversed') or ${t.reason} <> ''`),
  ],
);

/**
 * One line of an application: what it invoices (an order today, a confirmed
 * top-up later) and how much. What is still invoiceable of a source is its
 * amount minus the lines of its applications that are 申请中 or 已开票.
 */
export const invoiceLine = pgTable(
  'invoice_line',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => invoiceApplication.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<InvoiceSource>().notNull(),
    sourceId: integer('source_id').notNull(),
    /** The source's number as people read it (the order's no). */
    label: text('label').notNull(),
    amountFen: integer('amount_fen').$type<Fen>().notNull(),
  },
  (t) => [
    uniqueIndex('invoice_line_application_source_idx').on(t.applicationId, t.sourceKind, t.sourceId),
    index('invoice_line_source_idx').on(t.sourceKind, t.sourceId),
    oneOf('invoice_line_source_kind_check', t.sourceKind, INVOICE_SOURCES),
    check('invoice_line_amount_check', sql`${t.amountFen} > 0`),
  ],
);
