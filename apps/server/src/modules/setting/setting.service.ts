import { samplingSetting, allowRegion, localInfo, type SettingKey, type WebSettings } from '@yance/contracts/setting';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSettings } from './setting.repository.ts';

/** Stored keys; samplingInfo is an alias of samplingSetting (spec §3 uses both names). */
const STORED = { allowRegion, samplingSetting, localInfo } as const;
type StoredKey = keyof typeof STORED;
const storedKeyOf = (key: SettingKey): StoredKey => (key === 'samplingInfo' ? 'samplingSetting' : key);

/** Returns the requested web settings, each checked against its contract. */
export async function getSettings(ctx: AppContext, keys: readonly SettingKey[]): Promise<Partial<WebSettings>> {
  const stored = [...new Set(keys.map(storedKeyOf))];
  const values = await findSettings(ctx.db, stored);
  const result: Partial<WebSettings> = {};
  for (const key of keys) {
    const storedKey = storedKeyOf(key);
    const parsed = STORED[storedKey].safeParse(values.get(storedKey));
    if (!parsed.success)
      throw new AppError('INTERNAL', '网站设置暂不可用，请稍后再试', {
        cause: new Error(`setting ${storedKey} is missing or malformed`, { cause: parsed.error }),
      });
    Object.assign(result, { [key]: parsed.data });
  }
  return result;
}

/** All web settings of spec §3. */
export async function getWebSettings(ctx: AppContext): Promise<WebSettings> {
  return (await getSettings(ctx, ['allowRegion', 'samplingSetting', 'samplingInfo', 'localInfo'])) as WebSettings;
}

/** A stored setting outside the web settings (e.g. homePopup), unchecked; undefined when absent. */
export async function getSettingValue(ctx: AppContext, key: string): Promise<unknown> {
  return (await findSettings(ctx.db, [key])).get(key);
}
