// Evaluations (评价, issue 9, ADR 0048): the customer's side and the item's
// public comments. One evaluation per catalogue line, once the order's data
// is confirmed; the item's rating is kept in the same transaction.
import {
  EVALUATION_REFUSED,
  isEvaluable,
  maskAccount,
  type EvaluateAddBody,
  type EvaluateListBody,
  type EvaluateListResponse,
  type EvaluationEntry,
  type PublicEvaluationQuery,
  type PublicEvaluationResponse,
} from '@yance/contracts/evaluation';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { customerMover, findCustomerOrder } from '../order/index.ts';
import * as repo from './evaluation.repository.ts';

/** A missing line and another customer's line answer alike. */
const NO_LINE = '订单项目不存在';

/** The manager's reply as the pages show it. */
export const replyOf = (r: { reply: string | null; repliedAt: Date | null }) =>
  r.reply !== null && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null;

type ListedRow = Awaited<ReturnType<typeof repo.pageCustomerEvaluations>>['rows'][number];

const entryOf = (r: ListedRow): EvaluationEntry => ({
  id: r.id,
  orderId: r.orderId,
  orderNo: r.orderNo,
  lineId: r.lineId,
  rid: r.rid,
  name: r.name,
  stars: r.stars,
  comment: r.comment,
  reply: replyOf(r),
  createdAt: r.createdAt.toISOString(),
});

/**
 * evaluate/add: the customer's own line (else 404), a catalogue item (not a
 * type-31 quote line), the order confirmed (unsettled, overdue, completed),
 * not evaluated before (the unique line decides, also for two at once); the
 * item's rating and the audit row in the same transaction.
 */
export async function addEvaluation(ctx: AppContext, userId: number, body: EvaluateAddBody, ip = ''): Promise<EvaluationEntry> {
  const mover = await customerMover(ctx, userId, ip);
  const id = await ctx.tx(async (t) => {
    const line = await repo.findLineWithOrder(t.db, body.lineId);
    if (!line || line.userId !== userId) throw new AppError('NOT_FOUND', NO_LINE);
    if (line.deviceId === null) throw new AppError('CONFLICT', EVALUATION_REFUSED.custom);
    if (!isEvaluable(line.state)) throw new AppError('CONFLICT', EVALUATION_REFUSED.state);
    const created = await repo.insertEvaluation(t.db, {
      orderLineId: line.lineId,
      orderId: line.orderId,
      userId,
      deviceId: line.deviceId,
      stars: body.stars,
      comment: body.comment,
      createdAt: t.clock(),
    });
    if (!created) throw new AppError('CONFLICT', EVALUATION_REFUSED.twice);
    await repo.addToRating(t.db, line.deviceId, body.stars);
    await recordAudit(t, {
      actor: { kind: 'customer', id: userId, name: mover.name },
      action: 'evaluation.add',
      objectType: 'evaluation',
      objectId: created.id,
      changes: { order: [null, line.orderNo], rid: [null, line.rid], stars: [null, body.stars], comment: [null, body.comment] },
      ip,
    });
    return created.id;
  });
  const row = await repo.findListedEvaluation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '评价不存在');
  return entryOf(row);
}

/** evaluate/list: the customer's own, newest first; with orderId, that order's and its lines still open to evaluation. */
export async function listEvaluations(ctx: AppContext, userId: number, q: EvaluateListBody): Promise<EvaluateListResponse> {
  let open: number[] = [];
  if (q.orderId !== undefined) {
    const order = await findCustomerOrder(ctx, await customerMover(ctx, userId), q.orderId);
    if (isEvaluable(order.state)) open = await repo.unevaluatedLines(ctx.db, order.id);
  }
  const { rows, total } = await repo.pageCustomerEvaluations(ctx.db, userId, q.orderId, q.page, q.pageSize);
  return { list: rows.map(entryOf), total, page: q.page, pageSize: q.pageSize, open };
}

/** web/evaluate/list: an on-shelf item's comments, newest first, the account masked; the total is the item's kept count. */
export async function listItemEvaluations(ctx: AppContext, q: PublicEvaluationQuery): Promise<PublicEvaluationResponse> {
  const item = await repo.findRatedDevice(ctx.db, q.rid);
  if (!item) throw new AppError('NOT_FOUND', '项目不存在');
  const rows = item.count > 0 ? await repo.pageItemEvaluations(ctx.db, item.id, q.page, q.pageSize) : [];
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: maskAccount(r.phone),
      stars: r.stars,
      comment: r.comment,
      reply: replyOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
    total: item.count,
    page: q.page,
    pageSize: q.pageSize,
  };
}
