import type { DataOf } from '@yance/contracts/endpoint';
import type { Endpoints } from '@yance/contracts/endpoints';
import { DEFAULT_MONEY_SETTINGS, moneySettings, type MoneySettings } from '@yance/contracts/money-settings';
import { fenToYuan, yuanToFen } from '@/lib/money.ts';

/** A bonus tier as the form holds it: 满 minYuan 元 送 percent %. */
export interface TierValues {
  minYuan?: number | null;
  percent?: number | null;
}

/** The form's values: the contract's fields, but money in yuan as typed. */
export interface SettingsValues {
  prestoreMinYuan?: number | null;
  bonusTiers?: TierValues[];
  settleDueDays?: number | null;
  overdueRemindDays?: number | null;
  bankName?: string;
  bankAccount?: string;
  tradeMinutes?: number | null;
}

/** The settings as the server answers them. */
export type StoredSettings = DataOf<Endpoints['adminMoneySettings']>;

/** Stored settings → the form (fen shown as yuan). */
export const valuesOf = (s: StoredSettings): SettingsValues => ({
  prestoreMinYuan: fenToYuan(s.prestoreMinFen),
  bonusTiers: s.bonusTiers.map((t) => ({ minYuan: fenToYuan(t.minFen), percent: t.percent })),
  settleDueDays: s.settleDueDays,
  overdueRemindDays: s.overdueRemindDays,
  bankName: s.bankName,
  bankAccount: s.bankAccount,
  tradeMinutes: s.tradeMinutes,
});

/** The form's tiers → the contract's (integer fen; an empty field left for the contract to name). */
export const tiersOf = (tiers: TierValues[] | undefined) =>
  (tiers ?? []).map((t) => ({ minFen: yuanToFen(t.minYuan), percent: t.percent ?? '' }));

/** The raw body the contract reads: yuan → fen, empty → '' (so it says 不能为空). */
const rawOf = (v: SettingsValues) => ({
  prestoreMinFen: yuanToFen(v.prestoreMinYuan),
  bonusTiers: tiersOf(v.bonusTiers),
  settleDueDays: v.settleDueDays ?? '',
  overdueRemindDays: v.overdueRemindDays ?? '',
  bankName: v.bankName ?? '',
  bankAccount: v.bankAccount ?? '',
  tradeMinutes: v.tradeMinutes ?? '',
});

/** Where a contract issue is shown: money fields are typed under another name. */
function fieldPath(path: readonly PropertyKey[]): (string | number)[] {
  const [head, index, leaf] = path;
  if (head === 'prestoreMinFen') return ['prestoreMinYuan'];
  if (head === 'bonusTiers' && typeof index === 'number' && leaf !== undefined)
    return ['bonusTiers', index, leaf === 'minFen' ? 'minYuan' : String(leaf)];
  return [String(head ?? '')];
}

export type SettingsParse = { ok: true; body: MoneySettings } | { ok: false; errors: { name: (string | number)[]; message: string }[] };

/**
 * The form → the body the server takes, parsed with the contract itself; on
 * failure each issue's message with the form field it belongs under (the
 * first issue of each field).
 */
export function parseSettings(values: SettingsValues): SettingsParse {
  const result = moneySettings.safeParse(rawOf(values));
  if (result.success) return { ok: true, body: result.data };
  const seen = new Map<string, { name: (string | number)[]; message: string }>();
  for (const issue of result.error.issues) {
    const name = fieldPath(issue.path);
    if (!seen.has(name.join('.'))) seen.set(name.join('.'), { name, message: issue.message });
  }
  return { ok: false, errors: [...seen.values()] };
}

/**
 * The tier list's own message (their order, their number), by the contract's
 * rule on the whole settings with the other fields at their defaults: a
 * single tier's field errors are shown under that field instead.
 */
export function tiersProblem(tiers: TierValues[] | undefined): string | undefined {
  const result = moneySettings.safeParse({ ...DEFAULT_MONEY_SETTINGS, bonusTiers: tiersOf(tiers) });
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.length === 1 && i.path[0] === 'bonusTiers')?.message;
}
