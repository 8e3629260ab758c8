// Idempotency keys (ADR 0050 for money, ADR 0061 for every create call).
import { z } from 'zod';

/**
 * A request's idempotency key: made by the page once per intent (opening the
 * pay dialog, the first click of 提交) and sent again on every retry of it,
 * so the server answers a repeat with the first request's answer.
 */
export const idempotencyKey = z
  .string({ error: '[请求编号]不能为空' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '[请求编号]格式不正确，请刷新页面后重试');

/**
 * A create call's key (register, order, booking, demand, invoice, group
 * application …): the pages always send one; a caller without one (a script,
 * an old page) gets no repeat protection.
 */
export const createKey = idempotencyKey.optional();
