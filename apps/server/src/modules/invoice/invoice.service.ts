// Invoice applications (开票申请, spec §7 invoiceApply; ADR 0052): the
// customer applies against their paid orders and credited top-ups, never for
// more than is still invoiceable (checked under the orders' and top-ups' row
// locks in the same transaction) nor, for prestore money, more than was paid
// in (the prestore pool, under the customer's row lock),
// and moveInvoice is the one writer of an application's state, by the
// contracts' INVOICE_TRANSITIONS, with the audit log and the customer's
// in-site message in the same transaction.
import {
  INVOICE_REFUSED,
  type InvoiceableOrder,
  type InvoiceableTopup,
  type InvoiceApplyAddBody,
  type InvoiceApplyDetail,
  type InvoiceApplyListBody,
  type InvoiceApplySummary,
  type InvoiceTitleSnapshot,
} from '@yance/contracts/invoice';
import {
  canLeaveInvoice,
  INVOICE_KIND_NAMES,
  INVOICE_STATE_NAMES,
  INVOICE_TRANSITIONS,
  INVOICEABLE_ORDER_STATES,
  invoiceApplyNo,
  invoiceMessageKind,
  isElectronicInvoice,
  isInvoiceableOrder,
  type InvoiceAction,
  type InvoiceActor,
  type InvoiceSource,
  type InvoiceState,
  type InvoiceTransition,
} from '@yance/contracts/invoice-states';
import type { Fen } from '@yance/contracts/money';
import type { Page } from '@yance/contracts/paging';
import { can, STAFF_ROLE_NAMES } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { yuan } from '../../lib/pdf-document.ts';
import { recordStateMove, SYSTEM, type Actor } from '../audit/audit.service.ts';
import { owned as ownedAddress } from '../address/address.service.ts';
import { finalAmountsOf } from '../lab/lab.service.ts';
import { getPrivateFile } from '../media/private-file.service.ts';
import type { FileStorage } from '../media/storage.service.ts';
import { notifySite } from '../notify/notify.service.ts';
import type { JobHandlers } from '../job/job.service.ts';
import { customerMover, customerOrdersIn, lockCustomerOrder, lockOrderingCustomer, type OrderRow } from '../order/order-api.service.ts';
import { addressLine, ownedTitle } from './invoice-title.service.ts';
import { mailInvoice, queueInvoiceMail } from './invoice-mail.service.ts';
import * as repo from './invoice.repository.ts';
import type { ApplicationRow, LineRow } from './invoice.repository.ts';

export const NO_APPLICATION = '开票申请不存在';
/** Most invoiceable orders one list shows (newest first): past it, older orders are invoiced from the order page later. */
const INVOICEABLE_LIST_MAX = 200;

/** Who moves an application: its customer, finance in the console, or the system (refunds). */
export type InvoiceMover =
  { kind: 'customer'; userId: number; name: string; ip: string } | { kind: 'staff'; caller: StaffCaller; ip: string } | { kind: 'system' };

function mayTake(mover: InvoiceMover, action: InvoiceAction): boolean {
  const by = INVOICE_TRANSITIONS[action].by as readonly InvoiceActor[];
  if (mover.kind === 'customer') return by.some((a) => 'customer' in a);
  if (mover.kind === 'system') return by.some((a) => 'system' in a);
  return by.some((a) => 'permission' in a && can(mover.caller.roles, a.permission));
}

function actorOf(mover: InvoiceMover): Actor {
  if (mover.kind === 'customer') return { kind: 'customer', id: mover.userId, name: mover.name };
  if (mover.kind === 'staff') {
    const role = mover.caller.roles.includes('finance') ? 'finance' : mover.caller.roles[0];
    return { kind: 'staff', id: mover.caller.id, name: role ? `${STAFF_ROLE_NAMES[role]} ${mover.caller.name}` : mover.caller.name };
  }
  return SYSTEM;
}

export const staleInvoice = (state: InvoiceState) => `开票申请状态已变化（当前为「${INVOICE_STATE_NAMES[state]}」），请刷新后重试`;

/** The customer's in-site message of each move: its title and words. */
function noticeOf(action: InvoiceAction, a: ApplicationRow): { title: string; text: string } {
  const no = invoiceApplyNo(a.id);
  const what = `${INVOICE_KIND_NAMES[a.kind]} ${yuan(a.amountFen)}`;
  switch (action) {
    case 'apply':
      return { title: '开票申请已提交', text: `您的开票申请${no}（${what}）已提交，财务开票后会通知您。` };
    case 'issue': {
      // Written with the issue, before the invoice.mail job sends: the e-mail is on its way, not yet delivered.
      const where =
        isElectronicInvoice(a.kind) && a.email
          ? `发票PDF将通过邮件发送至${a.email}，也可在「开票记录」下载。`
          : '可在「开票记录」下载发票。';
      return { title: '发票已开具', text: `您的开票申请${no}已开票，发票号码${a.invoiceNo}（${what}）。${where}` };
    }
    case 'reject':
      return { title: '开票申请被驳回', text: `您的开票申请${no}（${what}）被驳回：${a.reason}。可修改后重新申请。` };
    case 'withdraw':
      return { title: '开票申请已撤回', text: `您已撤回开票申请${no}（${what}），相关订单可重新申请开票。` };
    case 'reverse':
      return { title: '发票已红冲', text: `您的发票${a.invoiceNo}（开票申请${no}）已红冲作废：${a.reason}。` };
  }
}

/** The audit row and the customer's message of a move, in the move's transaction. */
async function recordMove(
  t: AppContext,
  mover: InvoiceMover,
  a: ApplicationRow,
  action: InvoiceAction,
  from: InvoiceState | null,
  changes = {},
) {
  await recordStateMove(t, {
    actor: actorOf(mover),
    objectType: 'invoice',
    objectId: a.id,
    action,
    from: from ?? '',
    to: a.state,
    note: a.state === 'rejected' || a.state === 'reversed' ? a.reason : '',
    changes,
    ip: mover.kind === 'system' ? '' : mover.ip,
  });
  await notifySite(
    t,
    { id: null, userId: a.userId },
    { kind: invoiceMessageKind(action), key: `invoice:${a.id}:${action}`, ...noticeOf(action, a) },
  );
}

export interface InvoiceMoveOptions {
  /** The reason of a rejection or a reversal. */
  note?: string;
  /** Changes made with the move under the application's lock: the row's new fields and the audit's changes. */
  apply?: (
    t: AppContext,
    row: ApplicationRow,
  ) => Promise<{ patch?: Partial<repo.NewApplicationRow>; changes?: Record<string, [unknown, unknown]> }>;
}

/**
 * Moves an application by one action of the table: lock, reach (another
 * customer's is 404), who (403), state (409), then the row (compare-and-set),
 * the audit log and the customer's message together.
 */
export async function moveInvoice(
  ctx: AppContext,
  mover: InvoiceMover,
  id: number,
  action: InvoiceAction,
  opts: InvoiceMoveOptions = {},
): Promise<ApplicationRow> {
  return ctx.tx(async (t) => {
    const row = await repo.lockApplication(t.db, id);
    if (!row || (mover.kind === 'customer' && row.userId !== mover.userId)) throw new AppError('NOT_FOUND', NO_APPLICATION);
    if (!mayTake(mover, action)) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
    const from = row.state;
    if (!canLeaveInvoice(action, from)) throw new AppError('CONFLICT', staleInvoice(from));
    const note = opts.note?.trim() ?? '';
    if ((INVOICE_TRANSITIONS[action] as InvoiceTransition).note === 'required' && !note)
      throw new AppError('INVALID', action === 'reject' ? '[驳回原因]不能为空' : '[原因]不能为空');
    const { patch, changes } = opts.apply ? await opts.apply(t, row) : {};
    const to = INVOICE_TRANSITIONS[action].to;
    const moved = await repo.moveApplication(t.db, row.id, from, to, { ...patch, ...(note ? { reason: note } : {}), updatedAt: t.clock() });
    if (!moved) throw new AppError('CONFLICT', staleInvoice(from));
    await recordMove(t, mover, moved, action, from, changes);
    // An e-invoice goes to its e-mail by a job that commits with the issue (the caller wakes the worker after).
    if (action === 'issue') await queueInvoiceMail(t, moved);
    return moved;
  });
}

// ---- views -------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function summaryOf(a: ApplicationRow, lines: readonly LineRow[]): InvoiceApplySummary {
  return {
    id: a.id,
    no: invoiceApplyNo(a.id),
    state: a.state,
    kind: a.kind,
    titleName: a.title.name,
    amount_fen: a.amountFen,
    labels: lines.map((l) => l.label),
    invoiceNo: a.invoiceNo ?? '',
    rejectReason: a.reason,
    createdAt: a.createdAt.toISOString(),
    decidedAt: iso(a.decidedAt),
  };
}

/** The application with its lines and snapshot, as both sides show it. */
export async function detailOf(ctx: AppContext, a: ApplicationRow): Promise<Omit<InvoiceApplyDetail, 'canWithdraw'>> {
  const lines = await repo.listLines(ctx.db, [a.id]);
  return {
    ...summaryOf(a, lines),
    title: a.title,
    lines: lines.map((l) => ({ source: l.sourceKind, sourceId: l.sourceId, label: l.label, amount_fen: l.amountFen })),
    email: a.email,
    mailTo: a.mailTo,
    remark: a.remark,
    invoiceDate: a.invoiceDate,
    hasPdf: a.state === 'issued' && a.pdfKey !== null,
  };
}

const customerDetail = async (ctx: AppContext, a: ApplicationRow): Promise<InvoiceApplyDetail> => ({
  ...(await detailOf(ctx, a)),
  canWithdraw: canLeaveInvoice('withdraw', a.state),
});

/** Pages of applications with their lines' labels. */
export async function withLines(ctx: AppContext, rows: ApplicationRow[]) {
  const lines = await repo.listLines(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    summaryOf(
      r,
      lines.filter((l) => l.applicationId === r.id),
    ),
  );
}

// ---- the customer ---------------------------------------------------------------------

const customerOf = async (ctx: AppContext, userId: number, ip = '') => ({ ...(await customerMover(ctx, userId, ip)), ip });

/** What each order still allows: its final amount minus what applications 申请中 or 已开票 hold. */
async function invoiceableOf(ctx: AppContext, orders: readonly OrderRow[]) {
  const finals = await finalAmountsOf(ctx, orders);
  const held = await repo.heldBySource(
    ctx.db,
    'order',
    orders.map((o) => o.id),
  );
  return orders.map((o) => {
    const final = finals.get(o.id) ?? 0;
    const applied = held.get(o.id) ?? 0;
    return { order: o, final, applied, left: Math.max(0, final - applied) };
  });
}

/** What each top-up still allows: its principal minus what holding applications ask. */
async function invoiceableTopupsOf(ctx: AppContext, topups: readonly repo.TopupRow[]) {
  const held = await repo.heldBySource(
    ctx.db,
    'topup',
    topups.map((t) => t.id),
  );
  return topups.map((t) => {
    const applied = held.get(t.id) ?? 0;
    return { topup: t, applied, left: Math.max(0, t.amountFen - applied) };
  });
}

/** What prestore money the customer may still invoice in all (ADR 0052 addendum). */
async function prestoreLeft(ctx: AppContext, userId: number): Promise<number> {
  const pool = await repo.prestorePool(ctx.db, userId);
  return Math.max(0, pool.principal - Math.max(0, pool.toGroups) - pool.held);
}

/**
 * invoiceApply/orders: the customer's paid orders and credited top-ups with
 * something still invoiceable, newest first, and what prestore money may
 * still be invoiced in all.
 */
export async function invoiceableOrders(
  ctx: AppContext,
  userId: number,
): Promise<{ list: InvoiceableOrder[]; topups: InvoiceableTopup[]; prestoreLeft_fen: Fen }> {
  const topups = (await invoiceableTopupsOf(ctx, await repo.creditedTopups(ctx.db, userId, INVOICEABLE_LIST_MAX)))
    .filter((x) => x.left > 0)
    .map(({ topup: t, applied, left }) => ({
      topupId: t.id,
      topupNo: t.no,
      method: t.method,
      creditedAt: (t.creditedAt ?? t.createdAt).toISOString(),
      amount_fen: t.amountFen,
      applied_fen: applied as Fen,
      invoiceable_fen: left as Fen,
    }));
  const prestoreLeft_fen = (await prestoreLeft(ctx, userId)) as Fen;
  const orders = await customerOrdersIn(ctx, userId, INVOICEABLE_ORDER_STATES, INVOICEABLE_LIST_MAX);
  const fromPrestore = await repo.ordersPaidFromPrestore(
    ctx.db,
    userId,
    orders.map((o) => o.id),
  );
  const list = (await invoiceableOf(ctx, orders))
    .filter((x) => x.left > 0)
    .map(({ order: o, final, applied, left }) => ({
      orderId: o.id,
      orderNo: o.no,
      kind: o.kind,
      state: o.state,
      createdAt: o.createdAt.toISOString(),
      final_fen: final as Fen,
      applied_fen: applied as Fen,
      invoiceable_fen: left as Fen,
      fromPrestore: fromPrestore.has(o.id),
    }));
  return { list, topups, prestoreLeft_fen };
}

const snapshotOf = (t: Awaited<ReturnType<typeof ownedTitle>>): InvoiceTitleSnapshot => ({
  kind: t.kind,
  holder: t.holder,
  name: t.name,
  tax_id: t.taxId,
  register_address: t.registerAddress,
  register_phone: t.registerPhone,
  bank: t.bank,
  bank_account: t.bankAccount,
});

/**
 * invoiceApply/add: the customer's own title and orders (another's: 404),
 * each order paid (else 409) and asked for no more than is still invoiceable
 * (else 409). The orders are locked in id order before their amounts are
 * read, so two applications for one order at once queue and the second sees
 * the first's lines. The title is snapshotted; the e-mail or the address
 * (the title's unless given) goes with it.
 */
export async function applyInvoice(ctx: AppContext, userId: number, body: InvoiceApplyAddBody, ip = ''): Promise<InvoiceApplyDetail> {
  const mover = await customerOf(ctx, userId, ip);
  const row = await ctx.tx((t) => insertApplication(t, mover, userId, body));
  return customerDetail(ctx, row);
}

/** applyInvoice's work in the caller's transaction (the top-up job's too). */
async function insertApplication(t: AppContext, mover: InvoiceMover & { kind: 'customer' }, userId: number, body: InvoiceApplyAddBody) {
  const title = await ownedTitle(t, userId, body.titleId);
  let email = '';
  let mailTo = '';
  if (isElectronicInvoice(title.kind)) {
    email = body.email || title.email;
    if (!email) throw new AppError('INVALID', INVOICE_REFUSED.noEmail);
  } else {
    const rid = body.address_rid || title.addressRid;
    if (!rid) throw new AppError('INVALID', INVOICE_REFUSED.noAddress);
    mailTo = addressLine(await ownedAddress(t, userId, rid));
  }
  // The customer's row first (the prestore pool is theirs), then the orders and the top-ups, each in id order.
  await lockOrderingCustomer(t, userId);
  const idsOf = (source: InvoiceSource) =>
    [...new Set(body.lines.filter((l) => l.source === source).map((l) => l.sourceId))].sort((a, b) => a - b);
  const orders: OrderRow[] = [];
  for (const id of idsOf('order')) orders.push(await lockCustomerOrder(t, mover, id));
  for (const o of orders) if (!isInvoiceableOrder(o.kind, o.state)) throw new AppError('CONFLICT', INVOICE_REFUSED.notInvoiceable(o.no));
  const topupIds = idsOf('topup');
  const topups = await repo.lockOwnTopups(t.db, userId, topupIds);
  if (topups.length !== topupIds.length) throw new AppError('NOT_FOUND', INVOICE_REFUSED.noTopup);
  for (const x of topups) if (x.state !== 'credited') throw new AppError('CONFLICT', INVOICE_REFUSED.topupNotInvoiceable(x.no));
  const left = new Map((await invoiceableOf(t, orders)).map((x) => [x.order.id, x]));
  const topupLeft = new Map((await invoiceableTopupsOf(t, topups)).map((x) => [x.topup.id, x]));
  const lines = body.lines.map((l) => {
    if (l.source === 'topup') {
      const x = topupLeft.get(l.sourceId)!;
      if (l.amount_fen > x.left) throw new AppError('CONFLICT', INVOICE_REFUSED.topupOver(x.topup.no, yuan(x.left)));
      return { sourceKind: 'topup' as const, sourceId: l.sourceId, label: x.topup.no, amountFen: l.amount_fen as Fen };
    }
    const x = left.get(l.sourceId)!;
    if (l.amount_fen > x.left) throw new AppError('CONFLICT', INVOICE_REFUSED.over(x.order.no, yuan(x.left)));
    return { sourceKind: 'order' as const, sourceId: l.sourceId, label: x.order.no, amountFen: l.amount_fen as Fen };
  });
  // Prestore money is invoiced once: as its top-up or as the orders it paid, never more than was paid in.
  const fromPrestore = await repo.ordersPaidFromPrestore(
    t.db,
    userId,
    orders.map((o) => o.id),
  );
  const asked = lines.reduce((n, l) => n + (l.sourceKind === 'topup' || fromPrestore.has(l.sourceId) ? l.amountFen : 0), 0);
  if (asked > 0) {
    const pool = await prestoreLeft(t, userId);
    if (asked > pool) throw new AppError('CONFLICT', INVOICE_REFUSED.prestoreOver(yuan(pool)));
  }
  const amount = lines.reduce((s, l) => s + l.amountFen, 0);
  const at = t.clock();
  const created = await repo.insertApplication(
    t.db,
    {
      userId,
      state: INVOICE_TRANSITIONS.apply.to,
      kind: title.kind,
      titleId: title.id,
      title: snapshotOf(title),
      email,
      mailTo,
      remark: body.remark,
      amountFen: amount as Fen,
      createdAt: at,
      updatedAt: at,
    },
    lines,
  );
  await recordMove(t, mover, created, 'apply', null, {
    invoiceTitle: [null, title.name],
    amountFen: [null, amount],
    invoiceLines: [null, lines.map((l) => `${l.label}:${l.amountFen}`)],
  });
  return created;
}

/**
 * The invoice.topup job: a top-up credited with 申请开票 ticked gets its
 * application — the default title, the principal (or what the prestore pool
 * has left), sent where the title says. Without a default title, or when the
 * title lacks its e-mail or address, or nothing is left to invoice, the
 * customer is told in the message centre to apply from 开票记录. Once: a top-up
 * that already has a holding line is left alone.
 */
export async function applyForTopup(ctx: AppContext, topupId: number): Promise<void> {
  const [tp] = await repo.topupsByIds(ctx.db, [topupId]);
  if (!tp || tp.state !== 'credited' || !tp.wantInvoice || tp.payOrderIds.length > 0) return;
  const tell = (why: string) =>
    ctx.tx((t) =>
      notifySite(
        t,
        { id: null, userId: tp.userId },
        {
          kind: 'invoiceApply',
          key: `invoice:topup:${tp.id}`,
          title: '充值开票未能自动申请',
          text: `充值单${tp.no}已到账。${why}，请在「开票记录」中选择该充值单申请开票。`,
        },
      ),
    );
  const mover = await customerOf(ctx, tp.userId);
  try {
    await ctx.tx(async (t) => {
      await lockOrderingCustomer(t, tp.userId);
      if (((await repo.heldBySource(t.db, 'topup', [tp.id])).get(tp.id) ?? 0) > 0) return;
      const titleId = await repo.findDefaultTitleId(t.db, tp.userId);
      if (titleId === undefined) throw new AppError('INVALID', '您还没有默认发票抬头');
      const amount = Math.min(tp.amountFen, await prestoreLeft(t, tp.userId));
      if (amount <= 0) throw new AppError('CONFLICT', '预存资金已无可开票金额');
      await insertApplication(t, mover, tp.userId, {
        titleId,
        lines: [{ source: 'topup', sourceId: tp.id, amount_fen: amount as Fen }],
        email: '',
        address_rid: '',
        remark: '预存充值时申请开票',
      });
    });
  } catch (e) {
    if (!(e instanceof AppError && (e.kind === 'INVALID' || e.kind === 'CONFLICT' || e.kind === 'NOT_FOUND'))) throw e;
    await tell(e.message.replace(/^\[[^\]]*\]/, ''));
  }
}

/** The invoices' queued work; the e-invoice mail reads its PDF from the private storage. */
export const invoiceJobs = (storage: FileStorage) =>
  ({
    'invoice.topup': async (ctx, p) => applyForTopup(ctx, p.topupId),
    'invoice.mail': async (ctx, p) => mailInvoice(ctx, storage, p.applicationId),
  }) satisfies JobHandlers;

/** invoiceApply/list: the customer's own, newest first. */
export async function listApplications(ctx: AppContext, userId: number, q: InvoiceApplyListBody): Promise<Page<InvoiceApplySummary>> {
  const { rows, total } = await repo.pageCustomerApplications(ctx.db, userId, q.state, q.page, q.pageSize);
  return { list: await withLines(ctx, rows), total, page: q.page, pageSize: q.pageSize };
}

async function ownApplication(ctx: AppContext, userId: number, id: number): Promise<ApplicationRow> {
  const row = await repo.findApplication(ctx.db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', NO_APPLICATION);
  return row;
}

/** invoiceApply/detail: one of the customer's applications. */
export async function applicationDetail(ctx: AppContext, userId: number, id: number): Promise<InvoiceApplyDetail> {
  return customerDetail(ctx, await ownApplication(ctx, userId, id));
}

/** invoiceApply/cancel: the customer withdraws while 申请中 (else 409); the orders' amounts are free again. */
export async function withdrawApplication(ctx: AppContext, userId: number, id: number, ip = ''): Promise<InvoiceApplyDetail> {
  const moved = await moveInvoice(ctx, await customerOf(ctx, userId, ip), id, 'withdraw');
  return customerDetail(ctx, moved);
}

/** The issued invoice's PDF, for whoever reached the application: 409 before it is issued. */
export async function invoiceFile(storage: FileStorage, a: ApplicationRow) {
  if (a.state !== 'issued' || !a.pdfKey)
    throw new AppError('CONFLICT', `开票申请当前为「${INVOICE_STATE_NAMES[a.state]}」，没有可下载的发票`);
  const file = await getPrivateFile(storage, a.userId, a.pdfKey);
  if (!file) throw new AppError('NOT_FOUND', '发票文件不存在');
  return file;
}

/** invoiceApply/pdf: the customer's own issued invoice. */
export async function customerInvoiceFile(ctx: AppContext, storage: FileStorage, userId: number, id: number) {
  return invoiceFile(storage, await ownApplication(ctx, userId, id));
}

// ---- refunds (the money issue's later work) ----------------------------------------------

/**
 * Red-letter reversal when an order is refunded: every issued invoice with a
 * line of this order is reversed (红冲) and every pending application holding
 * it is rejected, each with the reason, its audit row and the customer's
 * message, in the caller's transaction when there is one. The orders' amounts
 * are free again; the customer applies anew for what remains. Answers the
 * applications moved. Nothing calls it yet: the refunds will.
 */
export async function reverseInvoicesOfOrder(
  ctx: AppContext,
  orderId: number,
  reason: string,
): Promise<{ reversed: number[]; rejected: number[] }> {
  return ctx.tx(async (t) => {
    const ids = await repo.applicationsOfSource(t.db, 'order', orderId, ['applied', 'issued']);
    const out = { reversed: [] as number[], rejected: [] as number[] };
    for (const id of ids) {
      const row = await repo.findApplication(t.db, id);
      if (!row) continue;
      const action = row.state === 'issued' ? 'reverse' : 'reject';
      // A rejection is decided by the system; a reversal keeps who issued the invoice.
      const decided = async () => ({ patch: { decidedAt: t.clock(), decidedBy: null, decidedByName: SYSTEM.name } });
      const moved = await moveInvoice(t, { kind: 'system' }, id, action, {
        note: reason,
        apply: action === 'reject' ? decided : undefined,
      });
      (moved.state === 'reversed' ? out.reversed : out.rejected).push(id);
    }
    return out;
  });
}
