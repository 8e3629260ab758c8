import { z } from 'zod';

/** A pick-up time slot text such as "09:00-11:00". */
export const SAMPLING_SLOT_KEYS = ['sampling_time1', 'sampling_time2', 'sampling_time3', 'sampling_time4'] as const;

export const samplingSetting = z.object({
  /** Dates (YYYY-MM-DD) on which no pick-up is possible. */
  disabled_date: z.array(z.string()),
  /** A slot closed on one date only. */
  disabled_date_time: z.array(z.object({ date: z.string(), time: z.string() })),
  /** Slots closed on every date. */
  disabled_time: z.array(z.string()),
  /** Weekdays without pick-up, 0 = Sunday … 6 = Saturday. */
  disabled_week: z.array(z.number().int().min(0).max(6)),
  /** Dates that are open although their weekday is disabled. */
  invalid_disabled_date: z.array(z.string()),
  sampling_time1: z.string(),
  sampling_time2: z.string(),
  sampling_time3: z.string(),
  sampling_time4: z.string(),
  /** Hint shown in the pick-up dialog. */
  WxTip1: z.string(),
});
export type SamplingSetting = z.infer<typeof samplingSetting>;

/** Regions where home pick-up runs: 6-digit city or district codes with names. */
export const allowRegion = z.array(z.object({ code: z.string().regex(/^\d{6}$/), city: z.string(), district: z.string() }));
export type AllowRegion = z.infer<typeof allowRegion>;

export const localInfo = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Where customers post their samples to (收样地址). */
  express: z.string(),
  hours: z.string(),
  wechat: z.string(),
});
export type LocalInfo = z.infer<typeof localInfo>;

export const webSettings = z.object({
  allowRegion,
  samplingSetting,
  /** Same object as samplingSetting; the spec uses both names. */
  samplingInfo: samplingSetting,
  localInfo,
});
export type WebSettings = z.infer<typeof webSettings>;
export const SETTING_KEYS = ['allowRegion', 'samplingSetting', 'samplingInfo', 'localInfo'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** list4key: keys as an array, or one comma-separated string (form-encoded bodies). */
export const settingList4KeyBody = z.object({
  keys: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(z.enum(SETTING_KEYS, { error: '[配置项]不存在' }), { error: '[配置项]不能为空' })
      .min(1, '[配置项]不能为空')
      .max(SETTING_KEYS.length),
  ),
});
export const settingList4KeyResponse = webSettings.partial();
