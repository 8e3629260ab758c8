// The money settings finance keeps in the console (ADR 0050): the smallest top-up,
// the bonus tiers, the settlement days, the shop's bank account. Amounts are integer fen.
import { z } from 'zod';
import { fen, fenData, integer } from './numbers.ts';
import { text } from './text.ts';

export const BONUS_PERCENT_MAX = 30;

/** A prestore bonus tier: a top-up of at least minFen gets percent of it as a separate bonus line. */
export const bonusTier = z.object({
  minFen: fen('档位金额'),
  percent: integer('赠送比例', 0, BONUS_PERCENT_MAX),
});
export type BonusTier = z.infer<typeof bonusTier>;

/** How often an overdue order is reminded when finance has not said (days). */
export const OVERDUE_REMIND_DAYS_DEFAULT = 7;

/** The money settings finance keeps in the console (defaults in product.md). */
export const moneySettings = z
  .object({
    /** The smallest top-up (product.md: ¥1 000). */
    prestoreMinFen: fen('最低预存金额'),
    bonusTiers: z.array(bonusTier).max(10, '赠送档位最多10个'),
    /** An institution's order waits this many days in 待结算 before it becomes 欠款中. */
    settleDueDays: integer('结算期限（天）', 1, 365),
    /** An order 欠款中 is reminded again (site message and SMS) every this many days; 0: only the first notice. Settings saved before it existed read 7. */
    overdueRemindDays: integer('欠款提醒间隔（天）', 0, 90).default(OVERDUE_REMIND_DAYS_DEFAULT),
    /** The shop's account that bank transfers go to. */
    bankName: text('开户银行', { max: 60, required: true }),
    bankAccount: text('银行账号', { max: 40, required: true }),
    /** An online trade closes unpaid after this many minutes. */
    tradeMinutes: integer('支付有效期（分钟）', 5, 24 * 60),
  })
  .refine((s) => s.bonusTiers.every((t, i, all) => i === 0 || (all[i - 1]?.minFen ?? 0) < t.minFen), {
    message: '[赠送档位]须按金额从小到大排列且不重复',
    path: ['bonusTiers'],
  });
export type MoneySettings = z.infer<typeof moneySettings>;

/** The money settings in an answer: plain data (a response cannot run the input's preprocessing backwards). */
export const moneySettingsData = z.object({
  prestoreMinFen: fenData,
  bonusTiers: z.array(z.object({ minFen: fenData, percent: z.number().int() })),
  settleDueDays: z.number().int(),
  overdueRemindDays: z.number().int(),
  bankName: z.string(),
  bankAccount: z.string(),
  tradeMinutes: z.number().int(),
});

/** The bonus of a top-up: the highest tier it reaches, rounded down to the fen. */
export function bonusOf(amountFen: number, tiers: readonly BonusTier[]): number {
  let percent = 0;
  for (const t of tiers) if (amountFen >= t.minFen) percent = Math.max(percent, t.percent);
  return Math.floor((amountFen * percent) / 100);
}

/** product.md's defaults, until finance saves its own. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  prestoreMinFen: 100_000 as MoneySettings['prestoreMinFen'],
  bonusTiers: [
    { minFen: 100_000 as BonusTier['minFen'], percent: 2 },
    { minFen: 500_000 as BonusTier['minFen'], percent: 5 },
    { minFen: 2_000_000 as BonusTier['minFen'], percent: 8 },
  ],
  settleDueDays: 30,
  overdueRemindDays: OVERDUE_REMIND_DAYS_DEFAULT,
  bankName: '中国工商银行北京中关村支行',
  bankAccount: '0200 0045 0920 1234 567',
  tradeMinutes: 30,
};
