// The money settings (ADR 0050): prestore minimum and bonus tiers, the bank
// account, settlement days, reminders, the online trade's validity.
import { DEFAULT_MONEY_SETTINGS, moneySettings, type MoneySettings } from '@yance/contracts/money-settings';
import type { AppContext } from '../../context.ts';
import { getSettingValue } from '../setting/index.ts';

export const MONEY_SETTING_KEY = 'money';

/** The money settings finance saved, else product.md's defaults. */
export async function getMoneySettings(ctx: AppContext): Promise<MoneySettings> {
  const parsed = moneySettings.safeParse(await getSettingValue(ctx, MONEY_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_MONEY_SETTINGS;
}
