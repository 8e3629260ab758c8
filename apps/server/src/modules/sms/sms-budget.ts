import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

export const OVER_BUDGET = '今日短信发送量已达上限，请明天再试';
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The calendar day in China time, e.g. 2026-11-23: budgets start again at midnight there. */
const dayOf = (now: Date) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Spends one message of today's budgets (ADR 0023): all numbers together, and
 * the number's prefix (first 7 digits). Logs an alert line
 * `{"alert":"sms-budget",…}` when a budget reaches 80 % and when it is used up;
 * over budget, nothing is sent.
 */
export async function spendSmsBudget(ctx: AppContext, phone: string): Promise<void> {
  const day = dayOf(ctx.clock());
  const prefix = phone.slice(0, 7);
  const budgets = [
    { scope: 'global', key: `sms:budget:all:${day}`, budget: ctx.config.SMS_BUDGET_DAY },
    { scope: 'prefix', prefix, key: `sms:budget:prefix:${prefix}:${day}`, budget: ctx.config.SMS_BUDGET_PREFIX_DAY },
  ] as const;
  let over = false;
  for (const b of budgets) {
    // Two days' window: the key names the day, the counter only has to outlive it.
    const { count } = await ctx.counter.hit(b.key, 2 * 86_400);
    const level = count === b.budget ? 'reached' : count === Math.ceil(b.budget * 0.8) && count < b.budget ? '80%' : null;
    const { key: _key, ...where } = b;
    if (level) ctx.log.warn({ alert: 'sms-budget', ...where, day, used: count, level }, `SMS budget ${level}`);
    if (count > b.budget) over = true;
  }
  if (over) throw new AppError('RATE_LIMITED', OVER_BUDGET);
}
