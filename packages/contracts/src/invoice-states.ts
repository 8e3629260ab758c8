// Invoices (发票, issue 10, ADR 0052): the kinds of spec §3, the states of an
// application and its one transition table, and which orders may be invoiced.
// zod-free: the storefront, the console and the server read the same table,
// and the database's CHECK constraints are generated from these lists.
import { CUSTOMER, staff, SYSTEM, type Transition } from './machine.ts';
import type { OrderKind, OrderState } from './order-states.ts';
import type { Permission } from './staff.ts';

/**
 * Invoice kinds (spec §3): 0 none (a choice at ordering, never a title),
 * 1 普通电子, 3 专用电子, 2 普通纸质, 4 专用纸质.
 */
export const INVOICE_KINDS = [0, 1, 2, 3, 4] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** The kinds a title (抬头) may have: every kind but 0. */
export const INVOICE_TITLE_KINDS = [1, 3, 2, 4] as const satisfies readonly InvoiceKind[];
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];

export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = {
  0: '不开发票',
  1: '普通电子发票',
  2: '普通纸质发票',
  3: '专用电子发票',
  4: '专用纸质发票',
};

/** 增值税专用发票 (3, 4): the title needs its tax id, registered address and phone, bank and account. */
export const isSpecialInvoice = (kind: InvoiceKind): boolean => kind === 3 || kind === 4;
/** E-invoices (1, 3) go to an e-mail; paper ones (2, 4) to a postal address. */
export const isElectronicInvoice = (kind: InvoiceKind): boolean => kind === 1 || kind === 3;

/** Whose title it is: a company or institution (单位, needs a tax id) or a person (个人, 普票 only). */
export const INVOICE_HOLDERS = ['company', 'person'] as const;
export type InvoiceHolder = (typeof INVOICE_HOLDERS)[number];
export const INVOICE_HOLDER_NAMES: Record<InvoiceHolder, string> = { company: '单位', person: '个人' };

/** Most titles one customer keeps. */
export const INVOICE_TITLES_MAX = 20;

/**
 * An application's states: 申请中 until finance issues the invoice (已开票:
 * number and PDF) or rejects it with a reason (已驳回); the customer may
 * withdraw it while 申请中 (已撤回). An issued invoice whose order is refunded
 * later is reversed by a red-letter invoice (已红冲, the money issue's refunds).
 */
export const INVOICE_STATES = ['applied', 'issued', 'rejected', 'withdrawn', 'reversed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_NAMES: Record<InvoiceState, string> = {
  applied: '申请中',
  issued: '已开票',
  rejected: '已驳回',
  withdrawn: '已撤回',
  reversed: '已红冲',
};

/** States whose lines count against what is still invoiceable; the others free their amounts again. */
export const INVOICE_HOLDING_STATES = ['applied', 'issued'] as const satisfies readonly InvoiceState[];

/** The permission of the console's 发票 room (财务 and 管理员). */
export const INVOICE_PERMISSION = 'invoice.manage' satisfies Permission;

const FINANCE = staff(INVOICE_PERMISSION);

/** A transition of an application (the one shape of machine.ts; `to` is fixed). */
export type InvoiceTransition = Transition<InvoiceState> & { to: InvoiceState };

/**
 * Every change of an application's state, and the only one (ADR 0052, ADR
 * 0058): the server's invoice machine (modules/invoice, on the one engine)
 * moves an application only through this table, under its row lock, with the
 * audit log and the customer's in-site message in the same transaction. A
 * move the table does not allow from the current state is 409.
 */
export const INVOICE_TRANSITIONS = {
  /** The customer applies against their paid orders (the application's first state). */
  apply: { label: '申请开票', from: [], to: 'applied', by: [CUSTOMER] },
  /** Finance issues the invoice: its number and the PDF. */
  issue: { label: '开票', from: ['applied'], to: 'issued', by: [FINANCE] },
  /** Finance refuses, with a reason; the system does when an order of a pending application is refunded. */
  reject: { label: '驳回', from: ['applied'], to: 'rejected', by: [FINANCE, SYSTEM], note: 'required' },
  /** The customer takes the application back before it is decided. */
  withdraw: { label: '撤回申请', from: ['applied'], to: 'withdrawn', by: [CUSTOMER] },
  /** Red-letter reversal of an issued invoice whose order was refunded (reverseInvoicesOfOrder; the refunds call it). */
  reverse: { label: '红冲', from: ['issued'], to: 'reversed', by: [SYSTEM], note: 'required' },
} as const satisfies Record<string, InvoiceTransition>;
export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;
export const INVOICE_ACTIONS = Object.keys(INVOICE_TRANSITIONS) as InvoiceAction[];

export const canLeaveInvoice = (action: InvoiceAction, state: InvoiceState): boolean =>
  (INVOICE_TRANSITIONS[action].from as readonly InvoiceState[]).includes(state);

/** What an application's lines invoice: an order, or (later) a confirmed top-up. */
export const INVOICE_SOURCES = ['order', 'topup'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/**
 * Order states in which an order has been paid and so may be invoiced: an
 * enterprise prepays, so every state after 待付款; an institution pays at
 * settlement, so 已完成 only.
 */
export const INVOICEABLE_ORDER_STATES = {
  enterprise: ['awaitingSample', 'awaitingPickup', 'received', 'testing', 'delivered', 'completed'],
  institution: ['completed'],
} as const satisfies Record<OrderKind, readonly OrderState[]>;

export const isInvoiceableOrder = (kind: OrderKind, state: OrderState): boolean =>
  (INVOICEABLE_ORDER_STATES[kind] as readonly OrderState[]).includes(state);

/** Most lines (orders) one application may carry. */
export const INVOICE_LINES_MAX = 50;

/** The application's number as people read it: FP000042. */
export const invoiceApplyNo = (id: number) => `FP${String(id).padStart(6, '0')}`;

/** The in-site message of each move (its kind in the message centre): every move tells the customer. */
export const INVOICE_MESSAGE_KINDS = ['invoiceApply', 'invoiceIssue', 'invoiceReject', 'invoiceWithdraw', 'invoiceReverse'] as const;
export type InvoiceMessageKind = (typeof INVOICE_MESSAGE_KINDS)[number];
