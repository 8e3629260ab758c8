// The console's 评价管理 (ADR 0048): evaluations newest first and the manager's
// reply. A manager reaches their customers' evaluations only (as orders,
// ADR 0039); admin all. The reply, its audit row and the customer's message
// are written in one transaction.
import type { AdminEvaluation, AdminEvaluationListQuery, AdminEvaluationReplyBody } from '@yance/contracts/evaluation';
import { seesAllOrders } from '@yance/contracts/order';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { notifySite } from '../notify/index.ts';
import * as repo from './evaluation.repository.ts';
import { replyOf } from './evaluation.service.ts';

const NO_EVALUATION = '评价不存在';

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findListedEvaluation>>>;

const adminOf = (r: AdminRow): AdminEvaluation => ({
  id: r.id,
  orderId: r.orderId,
  orderNo: r.orderNo,
  rid: r.rid,
  name: r.name,
  customerId: r.userId,
  customerName: r.customerName,
  customerPhone: r.customerPhone,
  stars: r.stars,
  comment: r.comment,
  reply: replyOf(r),
  repliedBy: r.repliedByName,
  createdAt: r.createdAt.toISOString(),
});

/** A manager's reach: their own customers; roles that see every order see every evaluation. */
const managerOf = (caller: StaffCaller) => (seesAllOrders(caller.roles) ? undefined : caller.id);

/** evaluation/list in the console: by stars, replied or not, item keyword; newest first. */
export async function adminEvaluationList(
  ctx: AppContext,
  caller: StaffCaller,
  q: AdminEvaluationListQuery,
): Promise<Page<AdminEvaluation>> {
  const filter = { stars: q.stars, replied: q.replied, kw: q.kw || undefined, managerId: managerOf(caller) };
  const { rows, total } = await repo.pageAdminEvaluations(ctx.db, filter, q.page, q.pageSize);
  return { list: rows.map(adminOf), total, page: q.page, pageSize: q.pageSize };
}

/**
 * evaluation/reply: writes or edits the reply of an evaluation the caller
 * reaches (else 404), with the audit row; the first reply also leaves the
 * customer a message (its key makes it once).
 */
export async function adminEvaluationReply(
  ctx: AppContext,
  caller: StaffCaller,
  body: AdminEvaluationReplyBody,
  ip = '',
): Promise<AdminEvaluation> {
  await ctx.tx(async (t) => {
    const found = await repo.lockEvaluation(t.db, body.id);
    const mine = managerOf(caller);
    if (!found || (mine !== undefined && found.managerId !== mine)) throw new AppError('NOT_FOUND', NO_EVALUATION);
    const before = found.evaluation.reply;
    if (before === body.reply) return;
    await repo.writeReply(t.db, body.id, { reply: body.reply, repliedAt: t.clock(), repliedBy: caller.id, repliedByName: caller.name });
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'evaluation.reply',
      objectType: 'evaluation',
      objectId: body.id,
      changes: { reply: [before, body.reply] },
      ip,
    });
    if (before === null) {
      const listed = await repo.findListedEvaluation(t.db, body.id);
      await notifySite(
        t,
        { id: found.evaluation.orderId, userId: found.evaluation.userId },
        {
          kind: 'evaluationReply',
          title: '客户经理回复了您的评价',
          text: `您对「${listed?.name ?? '检测项目'}」的评价（订单${listed?.orderNo ?? ''}）收到了回复：${body.reply}`,
          key: `evaluation:${body.id}:reply`,
        },
      );
    }
  });
  const row = await repo.findListedEvaluation(ctx.db, body.id);
  if (!row) throw new AppError('NOT_FOUND', NO_EVALUATION);
  return adminOf(row);
}
