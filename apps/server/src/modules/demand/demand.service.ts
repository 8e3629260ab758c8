// Custom demands and their quotes (issue 9, ADR 0044): a demand's state changes
// only on its machine (demand-transition.ts), by the contracts' DEMAND_TRANSITIONS.
import {
  DEMAND_ATTACHMENTS_MAX,
  DEMAND_TRANSITIONS,
  demandNo,
  QUOTE_VALID_DAYS_MAX,
  type AdminDemandDetail,
  type AdminDemandListQuery,
  type AdminDemandSummary,
  type DemandAction,
  type DemandAddBody,
  type DemandAttachment,
  type DemandDetail,
  type DemandListResponse,
  type DemandQuoteBody,
  type DemandSummary,
  type PrivateUploadResult,
} from '@yance/contracts/demand';
import { FEN_MAX, type Fen } from '@yance/contracts/money';
import { seesAllOrders } from '@yance/contracts/order';
import type { Page } from '@yance/contracts/paging';
import { chinaToday } from '@yance/contracts/sampling-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mover } from '../../lib/state-machine.ts';
import { getPrivateFile, putPrivateFile, type FileStorage, type UploadedFile } from '../media/index.ts';
import { ATTESTATION_NEEDED, customerCard, customerMover, lockOrderingCustomer } from '../order/index.ts';
import { putQuoteLinesIntoPlan } from '../plan/index.ts';
import { demandMachine, expireQuote, quoteExpired, reachable } from './demand-transition.ts';
import * as repo from './demand.repository.ts';
import type { DemandRow } from './demand.repository.ts';

export { demandJobs, expireQuotes, NO_DEMAND, quoteExpired } from './demand-transition.ts';

const ATTACHMENT_KINDS = '[附件]仅支持PDF、图片、Word/Excel文档或ZIP压缩包';

/** Who moves or reads a demand: its customer, staff in the console, or the system (a quote's validity passed). */
export type DemandMover = Mover;

const summaryOf = (d: DemandRow): DemandSummary => ({
  id: d.id,
  no: demandNo(d.id),
  title: d.title,
  state: d.state,
  budget_fen: d.budgetFen,
  total_fen: d.totalFen,
  valid_until: d.validUntil,
  createdAt: d.createdAt.toISOString(),
});

async function detailOf(ctx: AppContext, d: DemandRow, reader: DemandMover): Promise<DemandDetail> {
  const lines = await repo.listLines(ctx.db, d.id);
  const events = await repo.listEvents(ctx.db, d.id);
  return {
    ...summaryOf(d),
    description: d.description,
    contact_name: d.contactName,
    contact_phone: d.contactPhone,
    attachments: d.attachments,
    quote_note: d.quoteNote,
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      description: l.description,
      unit_fen: l.unitFen,
      unit: l.unit,
      count: l.count,
      amount_fen: (l.unitFen * l.count) as Fen,
      turnaround_days: l.turnaroundDays,
    })),
    timeline: events.map((e) => ({
      at: e.at.toISOString(),
      actor: e.actorKind === 'customer' ? (reader.kind === 'customer' ? '您' : `客户 ${e.actorName}`) : e.actorName || '系统',
      action: e.action,
      label: DEMAND_TRANSITIONS[e.action as DemandAction]?.label ?? e.action,
      from: e.fromState,
      to: e.toState,
      note: e.note,
    })),
    actions: demandMachine.actionsFor(reader, d.state),
  };
}

const customerOf = async (ctx: AppContext, userId: number, ip = ''): Promise<DemandMover> => ({
  ...(await customerMover(ctx, userId, ip)),
  ip,
});

// ---- customer ------------------------------------------------------------

/** demand/upload: one attachment, private to the customer and the staff who reach their demands. */
export async function uploadAttachment(storage: FileStorage, userId: number, file: UploadedFile): Promise<PrivateUploadResult> {
  return putPrivateFile(storage, userId, file, ['pdf', 'image', 'zip', 'ole'], ATTACHMENT_KINDS);
}

/** demand/add: a new demand (open), its first timeline entry and audit row; attachments must be the caller's own uploads. */
export async function addDemand(
  ctx: AppContext,
  storage: FileStorage,
  userId: number,
  body: DemandAddBody,
  ip: string,
): Promise<DemandDetail> {
  if (new Set(body.attachments).size !== body.attachments.length || body.attachments.length > DEMAND_ATTACHMENTS_MAX)
    throw new AppError('INVALID', '[附件]不能重复');
  const attachments: DemandAttachment[] = [];
  for (const id of body.attachments) {
    const file = await getPrivateFile(storage, userId, id);
    if (!file) throw new AppError('INVALID', '[附件]不存在或已失效，请重新上传');
    attachments.push({ id: file.id, name: file.name, type: file.type, bytes: file.bytes });
  }
  const mover = await customerOf(ctx, userId, ip);
  const row = await ctx.tx(async (t) => {
    const user = await lockOrderingCustomer(t, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
    if (!user.attested) throw new AppError('FORBIDDEN', ATTESTATION_NEEDED);
    const at = t.clock();
    const created = await repo.insertDemand(t.db, {
      userId,
      title: body.title,
      description: body.description,
      budgetFen: (body.budget_fen ?? null) as Fen | null,
      contactName: body.contact_name,
      contactPhone: body.contact_phone,
      attachments,
      state: 'open',
      createdAt: at,
      updatedAt: at,
    });
    return demandMachine.created(t, mover, created, 'submit', {
      changes: { title: [null, body.title], budgetFen: [null, body.budget_fen ?? null], attachments: [null, attachments.length] },
    });
  });
  return detailOf(ctx, row, mover);
}

export async function listDemands(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<DemandListResponse> {
  const mover = await customerOf(ctx, userId);
  const { rows, total } = await repo.pageCustomerDemands(ctx.db, userId, q.page, q.pageSize);
  const list = [];
  for (const r of rows) list.push(await detailOf(ctx, r, mover));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

export async function demandDetail(ctx: AppContext, userId: number, id: number): Promise<DemandDetail> {
  const mover = await customerOf(ctx, userId);
  return detailOf(ctx, await reachable(ctx, mover, await repo.findDemand(ctx.db, id)), mover);
}

/** An attachment of a demand the reader reaches (the customer's own; staff by reach), read from the customer's private files. */
export async function demandFile(ctx: AppContext, storage: FileStorage, mover: DemandMover, id: number, fileId: string) {
  const row = await reachable(ctx, mover, await repo.findDemand(ctx.db, id));
  const listed = row.attachments.find((a) => a.id === fileId);
  const file = listed && (await getPrivateFile(storage, row.userId, fileId));
  if (!file) throw new AppError('NOT_FOUND', '附件不存在');
  return file;
}

export const customerFile = async (ctx: AppContext, storage: FileStorage, userId: number, id: number, fileId: string) =>
  demandFile(ctx, storage, await customerOf(ctx, userId), id, fileId);

/**
 * demand/accept: before the quote's validity ends, each quote line becomes a
 * 定制项目 line of the plan, priced by the quote. After it, the demand is
 * marked expired (its own transaction) and the answer is 409.
 */
export async function acceptDemand(ctx: AppContext, userId: number, id: number, ip: string) {
  const mover = await customerOf(ctx, userId, ip);
  const found = await reachable(ctx, mover, await repo.findDemand(ctx.db, id));
  if (found.state === 'quoted' && found.validUntil < chinaToday(ctx.clock())) {
    await expireQuote(ctx, found);
    throw new AppError('CONFLICT', quoteExpired(found.validUntil));
  }
  let cartNum = 0;
  // The machine refuses a quote past its validity (409) before the lines enter the plan.
  const row = await demandMachine.move(ctx, mover, id, 'accept', {
    apply: async (t, d) => {
      const lines = await repo.listLines(t.db, d.id);
      cartNum = await putQuoteLinesIntoPlan(t, userId, lines);
      return { planLines: [null, lines.length] };
    },
  });
  return { demand: await detailOf(ctx, row, mover), cartNum };
}

export async function declineDemand(ctx: AppContext, userId: number, id: number, reason: string, ip: string) {
  const mover = await customerOf(ctx, userId, ip);
  return detailOf(ctx, await demandMachine.move(ctx, mover, id, 'decline', { note: reason }), mover);
}

export async function withdrawDemand(ctx: AppContext, userId: number, id: number, ip: string) {
  const mover = await customerOf(ctx, userId, ip);
  return detailOf(ctx, await demandMachine.move(ctx, mover, id, 'withdraw'), mover);
}

// ---- console -------------------------------------------------------------

const staffOf = (caller: StaffCaller, ip = ''): DemandMover => ({ kind: 'staff', caller, ip });

async function adminDetailOf(ctx: AppContext, caller: StaffCaller, row: DemandRow): Promise<AdminDemandDetail> {
  const c = await customerCard(ctx, row.userId);
  return {
    ...(await detailOf(ctx, row, staffOf(caller))),
    customerId: row.userId,
    customerName: c?.name ?? '',
    customerPhone: c?.phone ?? '',
    company: c?.company ?? '',
    managerName: c?.managerName ?? '',
  };
}

export async function adminDemandList(ctx: AppContext, caller: StaffCaller, q: AdminDemandListQuery): Promise<Page<AdminDemandSummary>> {
  const filter = { state: q.state, kw: q.kw || undefined, managerId: seesAllOrders(caller.roles) ? undefined : caller.id };
  const { rows, total } = await repo.pageAdminDemands(ctx.db, filter, q.page, q.pageSize);
  const list = rows.map((r) => ({
    ...summaryOf(r.d),
    customerId: r.d.userId,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    company: r.company,
    managerName: r.managerName ?? '',
  }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

export async function adminDemandDetail(ctx: AppContext, caller: StaffCaller, id: number): Promise<AdminDemandDetail> {
  return adminDetailOf(ctx, caller, await reachable(ctx, staffOf(caller), await repo.findDemand(ctx.db, id)));
}

export const adminFile = (ctx: AppContext, storage: FileStorage, caller: StaffCaller, id: number, fileId: string) =>
  demandFile(ctx, storage, staffOf(caller), id, fileId);

/** YYYY-MM-DD n days after a YYYY-MM-DD date. */
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** demand/quote: the lines, the validity and the note replace any earlier quote; the demand is 已报价. */
export async function adminQuoteDemand(
  ctx: AppContext,
  caller: StaffCaller,
  body: DemandQuoteBody,
  ip: string,
): Promise<AdminDemandDetail> {
  const today = chinaToday(ctx.clock());
  if (Number.isNaN(Date.parse(`${body.valid_until}T00:00:00Z`))) throw new AppError('INVALID', '[有效期]格式不正确');
  if (body.valid_until < today) throw new AppError('INVALID', '[有效期]不能早于今天');
  if (body.valid_until > addDays(today, QUOTE_VALID_DAYS_MAX)) throw new AppError('INVALID', `[有效期]最长${QUOTE_VALID_DAYS_MAX}天`);
  const total = body.lines.reduce((s, l) => s + l.unit_fen * l.count, 0);
  if (total > FEN_MAX) throw new AppError('INVALID', '报价金额超出上限');
  const row = await demandMachine.move(ctx, staffOf(caller, ip), body.id, 'quote', {
    expect: body.expect,
    note: body.note,
    // The quote's fields are written with the state (and logged, old and new).
    set: { validUntil: body.valid_until, quoteNote: body.note, totalFen: total as Fen, quotedBy: caller.id, quotedAt: ctx.clock() },
    apply: async (t, d) => {
      await repo.replaceLines(
        t.db,
        d.id,
        body.lines.map((l, sort) => ({
          name: l.name,
          description: l.description,
          unitFen: l.unit_fen as Fen,
          unit: l.unit,
          count: l.count,
          turnaroundDays: l.turnaround_days,
          sort,
        })),
      );
      return { lines: [null, body.lines.length] };
    },
  });
  return adminDetailOf(ctx, caller, row);
}
