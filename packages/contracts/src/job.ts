import { z } from 'zod';
import { id } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { JOB_STATES } from './states.ts';

/**
 * Every kind of queued job (ADR 0034) and its name in the console. The server
 * has one handler per kind; later issues add theirs here.
 */
export const JOB_KINDS = [
  'sms.send',
  'sms.notice',
  'purge.expired',
  'sample.keep',
  'notice.send',
  'demand.expire',
  'money.sweep',
  'points.expire',
  'promotion.release',
  'invoice.topup',
  'invoice.mail',
  'catalog.paidOrders',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_KIND_NAMES: Record<JobKind, string> = {
  'sms.send': '发送验证码短信',
  'sms.notice': '发送通知短信',
  'purge.expired': '清理过期数据',
  'sample.keep': '留样到期提醒与销毁',
  'notice.send': '发送订单通知（短信/邮件）',
  'demand.expire': '过期报价标记',
  'money.sweep': '逾期未结算标记与过期支付单关闭',
  'points.expire': '积分过期',
  'promotion.release': '推广返利到期入账',
  'invoice.topup': '充值到账后申请开票',
  'invoice.mail': '发送电子发票邮件',
  'catalog.paidOrders': '已下单计数汇总',
};
export const JOB_STATE_NAMES: Record<(typeof JOB_STATES)[number], string> = {
  queued: '排队中',
  running: '执行中',
  done: '已完成',
  failed: '失败',
};

/** One job as the console lists it (the payload stays on the server: it may hold a sealed code). */
export const jobEntry = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it runs (next); ISO time. */
  runAt: z.string(),
  /** Why the last try failed, secrets masked; null when none did. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobEntry = z.infer<typeof jobEntry>;

export const jobQuery = pagingQuery.extend({
  state: z.enum(JOB_STATES, { error: '[状态]不存在' }).optional(),
  kind: z.enum(JOB_KINDS, { error: '[任务类型]不存在' }).optional(),
});
export const jobIdBody = z.object({ id: id('任务') });
