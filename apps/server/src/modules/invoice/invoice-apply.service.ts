// Applying for an invoice (开票申请, spec §7 invoiceApply; ADR 0052): the
// customer applies against their paid orders and credited top-ups, never for
// more than is still invoiceable (checked under the orders' and top-ups' row
// locks in the same transaction) nor, for prestore money, more than was paid
// in (the prestore pool, under the customer's row lock). The application is
// announced on the invoice machine (`apply`, from []): its audit row and the
// customer's message. The invoice.topup job applies for a credited top-up.
import {
  INVOICE_REFUSED,
  type InvoiceableOrder,
  type InvoiceableTopup,
  type InvoiceApplyAddBody,
  type InvoiceApplyDetail,
  type InvoiceTitleSnapshot,
} from '@yance/contracts/invoice';
import {
  INVOICE_TRANSITIONS,
  INVOICEABLE_ORDER_STATES,
  isElectronicInvoice,
  isInvoiceableOrder,
  type InvoiceSource,
} from '@yance/contracts/invoice-states';
import type { Fen } from '@yance/contracts/money';
import type { OrderFigures } from '@yance/contracts/order-figures';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatFen } from '@yance/contracts/money';
import type { Mover } from '../../lib/state-machine.ts';
import { owned as ownedAddress } from '../address/index.ts';
import type { FileStorage } from '../media/index.ts';
import { notifySite } from '../notify/index.ts';
import type { JobHandlers } from '../job/index.ts';
import { customerOrdersIn, lockCustomerOrder, lockOrderingCustomer, orderFigures, type OrderRow } from '../order/index.ts';
import { addressLine, ownedTitle } from './invoice-title.service.ts';
import { mailInvoice } from './invoice-mail.service.ts';
import * as repo from './invoice.repository.ts';
import { customerDetail, customerOf, invoiceMachine } from './invoice.service.ts';

/** Most invoiceable orders one list shows (newest first): past it, older orders are invoiced from the order page later. */
const INVOICEABLE_LIST_MAX = 200;

/**
 * What each order still allows: what the customer pays for it (its figures' payableFen: the final amount less
 * the coupon and the points, which are not the customer's money — issue 21) minus what applications 申请中 or 已开票 hold.
 */
export async function invoiceableOf(ctx: AppContext, orders: readonly OrderRow[], known?: ReadonlyMap<number, OrderFigures>) {
  const figures =
    known ??
    (await orderFigures(
      ctx,
      orders.map((o) => o.id),
    ));
  const held = await repo.heldBySource(
    ctx.db,
    'order',
    orders.map((o) => o.id),
  );
  return orders.map((o) => {
    const final = figures.get(o.id)?.payableFen ?? 0;
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
async function insertApplication(t: AppContext, mover: Mover & { kind: 'customer' }, userId: number, body: InvoiceApplyAddBody) {
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
      if (l.amount_fen > x.left) throw new AppError('CONFLICT', INVOICE_REFUSED.topupOver(x.topup.no, formatFen(x.left)));
      return { sourceKind: 'topup' as const, sourceId: l.sourceId, label: x.topup.no, amountFen: l.amount_fen as Fen };
    }
    const x = left.get(l.sourceId)!;
    if (l.amount_fen > x.left) throw new AppError('CONFLICT', INVOICE_REFUSED.over(x.order.no, formatFen(x.left)));
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
    if (asked > pool) throw new AppError('CONFLICT', INVOICE_REFUSED.prestoreOver(formatFen(pool)));
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
  return invoiceMachine.created(t, mover, created, 'apply', {
    changes: {
      invoiceTitle: [null, title.name],
      amountFen: [null, amount],
      invoiceLines: [null, lines.map((l) => `${l.label}:${l.amountFen}`)],
    },
  });
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
