import { z } from 'zod';
import { optionalText, text } from './text.ts';

/**
 * The web settings of spec §3. One contract serves the storefront's read and
 * the console's write (issue 8): whatever the console saves has passed the
 * same checks the storefront relies on. Plain numbers (no preprocess), since
 * the read side is also a response schema.
 */

/** A real calendar date as YYYY-MM-DD (2027-02-30 is refused). */
export function calendarDate(label: string) {
  return z
    .string({ error: `[${label}]格式不正确` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `[${label}]格式不正确，应为YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `[${label}]不是有效日期`);
}

const dates = (label: string) => z.array(calendarDate(label), { error: `[${label}]格式不正确` }).max(400, `[${label}]不能超过400个`);

/** A pick-up time slot text such as "09:00-11:00". */
export const SAMPLING_SLOT_KEYS = ['sampling_time1', 'sampling_time2', 'sampling_time3', 'sampling_time4'] as const;
const SLOT = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
const slot = (n: number) => text(`取样时段${n}`, { max: 11 }).regex(SLOT, `[取样时段${n}]格式不正确，应为HH:MM-HH:MM`);
const slotName = (label: string) => z.string({ error: `[${label}]格式不正确` }).max(11, `[${label}]格式不正确`);

export const samplingSetting = z
  .object({
    /** Dates (YYYY-MM-DD) on which no pick-up is possible. */
    disabled_date: dates('不可取样日期'),
    /** A slot closed on one date only. */
    disabled_date_time: z
      .array(z.object({ date: calendarDate('按日关闭时段的日期'), time: slotName('按日关闭的时段') }), {
        error: '[按日关闭的时段]格式不正确',
      })
      .max(400, '[按日关闭的时段]不能超过400个'),
    /** Slots closed on every date. */
    disabled_time: z.array(slotName('每日关闭的时段'), { error: '[每日关闭的时段]格式不正确' }).max(4, '[每日关闭的时段]不能超过4个'),
    /** Weekdays without pick-up, 0 = Sunday … 6 = Saturday. */
    disabled_week: z
      .array(
        z
          .number({ error: '[不可取样星期]必须是0到6的整数' })
          .int('[不可取样星期]必须是0到6的整数')
          .min(0, '[不可取样星期]必须是0到6的整数')
          .max(6, '[不可取样星期]必须是0到6的整数'),
        { error: '[不可取样星期]格式不正确' },
      )
      .max(7, '[不可取样星期]不能超过7个'),
    /** Dates that are open although their weekday is disabled. */
    invalid_disabled_date: dates('例外开放日期'),
    sampling_time1: slot(1),
    sampling_time2: slot(2),
    sampling_time3: slot(3),
    sampling_time4: slot(4),
    /** Hint shown in the pick-up dialog. */
    WxTip1: text('取样提示', { max: 300, required: false, multiline: true }),
  })
  .superRefine((s, ctx) => {
    // A closed slot names one of the four slots, or it would close nothing the customer can pick.
    const slots = new Set(SAMPLING_SLOT_KEYS.map((k) => s[k]));
    s.disabled_time.forEach((t, i) => {
      if (!slots.has(t)) ctx.addIssue({ code: 'custom', path: ['disabled_time', i], message: '[每日关闭的时段]须是四个取样时段之一' });
    });
    s.disabled_date_time.forEach((d, i) => {
      if (!slots.has(d.time))
        ctx.addIssue({ code: 'custom', path: ['disabled_date_time', i, 'time'], message: '[按日关闭的时段]须是四个取样时段之一' });
    });
  });
export type SamplingSetting = z.infer<typeof samplingSetting>;

/** Regions where home pick-up runs: 6-digit city or district codes with names. */
export const allowRegion = z
  .array(
    z.object({
      code: z.string({ error: '[区域编码]不能为空' }).regex(/^\d{6}$/, '[区域编码]应为6位数字'),
      city: text('城市', { max: 32 }),
      district: text('区县', { max: 32, required: false }),
    }),
    { error: '[上门取样区域]格式不正确' },
  )
  .max(3000, '[上门取样区域]不能超过3000个')
  .refine((list) => new Set(list.map((r) => r.code)).size === list.length, '[区域编码]重复');
export type AllowRegion = z.infer<typeof allowRegion>;

/** The region table (e.g. @vant/area-data's areaList): code → name per level. */
export interface RegionTable {
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

/**
 * allowRegion checked against a region table: each code must be a real city
 * or district, and its names the table's own (the picker shows the table).
 * The table is passed in so this package keeps importing zod only.
 */
export function allowRegionIn(table: RegionTable) {
  return allowRegion.superRefine((list, ctx) => {
    list.forEach((r, i) => {
      const county = table.county_list[r.code];
      const city = county !== undefined ? table.city_list[`${r.code.slice(0, 4)}00`] : table.city_list[r.code];
      if (city === undefined && county === undefined) {
        ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `[区域编码]${r.code}不存在` });
        return;
      }
      const want = { city: city ?? '', district: county ?? '' };
      if (r.city !== want.city || r.district !== want.district)
        ctx.addIssue({ code: 'custom', path: [i, 'district'], message: `[区域名称]与编码${r.code}不符，应为${want.city}${want.district}` });
    });
  });
}

/**
 * The lab's working calendar (issue 9's turnaround estimate, ADR 0047): not a
 * web setting of spec §3 (list4key never returns it); the server reads it to
 * count working days.
 */
export const labCalendar = z
  .object({
    workdays: z
      .array(
        z
          .number({ error: '[工作日]必须是0到6的整数' })
          .int('[工作日]必须是0到6的整数')
          .min(0, '[工作日]必须是0到6的整数')
          .max(6, '[工作日]必须是0到6的整数'),
        { error: '[工作日]格式不正确' },
      )
      .max(7, '[工作日]不能超过7个')
      .refine((d) => new Set(d).size === d.length, '[工作日]重复'),
    /** Public holidays (YYYY-MM-DD) the lab does not work. */
    holidays: dates('节假日'),
    /** Make-up working days (调休上班) on a weekend. */
    makeupDays: dates('调休上班日'),
  })
  .refine((c) => c.workdays.length > 0 || c.makeupDays.length > 0, { message: '[工作日]至少选择一天', path: ['workdays'] })
  .refine((c) => !c.holidays.some((d) => c.makeupDays.includes(d)), { message: '[调休上班日]不能同时设为节假日', path: ['makeupDays'] });
export type LabCalendarSetting = z.infer<typeof labCalendar>;

/**
 * Who passes a result file (issue 21): by default a second person — the one
 * who uploaded it may not approve it (four eyes, checked by the result-file
 * machine). A one-person lab switches singlePersonLab on to review its own.
 */
export const labReview = z.object({ singlePersonLab: z.boolean({ error: '[单人实验室]格式不正确' }) });
export type LabReviewSetting = z.infer<typeof labReview>;
export const LAB_REVIEW_KEY = 'labReview';
export const DEFAULT_LAB_REVIEW: LabReviewSetting = { singlePersonLab: false };

export const localInfo = z.object({
  /** The company's registered name: 乙方 of the enterprise contract (ADR 0045); empty until set, then the platform's name. */
  company: optionalText('公司名称', { max: 64 }),
  /** The company's 统一社会信用代码 (纳税人识别号): the seller's tax id the invoice PDF prints (issue 21); empty until set. */
  taxId: optionalText('纳税人识别号', { max: 18 }).refine(
    (v) => v === undefined || v === '' || /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(v),
    '[纳税人识别号]应为18位统一社会信用代码（数字或大写字母）',
  ),
  address: text('公司地址', { max: 200 }),
  phone: text('联系电话', { max: 32 }).regex(/^[0-9+() -]{5,32}$/, '[联系电话]格式不正确'),
  email: text('联系邮箱', { max: 64 }).refine((v) => z.email().safeParse(v).success, '[联系邮箱]格式不正确'),
  /** Where customers post their samples to (收样地址). */
  express: text('收样地址', { max: 300, multiline: true }),
  hours: text('服务时间', { max: 64 }),
  wechat: text('微信号', { max: 64, required: false }),
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
