// The sampling request's rules (spec §5), zod-free so the storefront's dialog
// and the server apply the very same functions (issue 9, "Sampling").

/** The settings the rules read: samplingSetting's date and slot fields (spec §3). */
export interface SamplingRuleSetting {
  disabled_date: readonly string[];
  disabled_date_time: readonly { date: string; time: string }[];
  disabled_time: readonly string[];
  disabled_week: readonly number[];
  invalid_disabled_date: readonly string[];
  sampling_time1: string;
  sampling_time2: string;
  sampling_time3: string;
  sampling_time4: string;
}

/** One allowRegion entry: a city (…00) or a district code. */
export interface RegionEntry {
  code: string;
  city: string;
  district: string;
}

/** Pick-up dates reach at most this many months ahead (spec §5). */
export const SAMPLING_MONTHS_AHEAD = 6;

/** The tooltip for a saved address in a city without pick-up (spec §4). */
export const REGION_NOT_OPEN = '现存地址所在城市尚未开通上门取样服务';
export const DATE_NOT_PICKABLE = '[取样日期]不可预约，请选择其他日期';
export const SLOT_NOT_PICKABLE = '[取样时间]不可预约，请选择其他时段';
export const SLOT_STARTED = '[取样时间]该时段已开始，请选择其他时段';

/** YYYY-MM-DD of the day in China (UTC+8, no daylight saving): pick-up days are Chinese calendar days. */
export const chinaToday = (now: Date): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The date n months after a YYYY-MM-DD date, clamped to the month's last day (2026-08-31 + 6 → 2027-02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a YYYY-MM-DD date. */
const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Whether a pick-up can be booked on the date: not before today, not more
 * than six months ahead, not on a disabled weekday or date — unless
 * invalid_disabled_date re-opens it.
 */
export function isPickableDate(date: string, today: string, s: SamplingRuleSetting): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < today || date > addMonths(today, SAMPLING_MONTHS_AHEAD)) return false;
  if (s.invalid_disabled_date.includes(date)) return true;
  return !s.disabled_week.includes(weekdayOf(date)) && !s.disabled_date.includes(date);
}

/** The four slot texts of sampling_time1–4, in order. */
export const slotsOf = (s: SamplingRuleSetting): string[] => [s.sampling_time1, s.sampling_time2, s.sampling_time3, s.sampling_time4];

/** HH:MM of the moment in China (UTC+8). */
const chinaClock = (now: Date): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 16);

/**
 * Whether a slot of the date has already begun at `now` (China time): today's 09:00-11:00 at 09:12 has. A slot's start
 * is its first HH:MM; a slot text without one never counts as started.
 */
export function hasSlotStarted(date: string, slot: string, now: Date): boolean {
  const start = /^(\d{2}):(\d{2})/.exec(slot.trim());
  if (!start) return false;
  const today = chinaToday(now);
  return date < today || (date === today && `${start[1]}:${start[2]}` <= chinaClock(now));
}

/**
 * Whether a slot is closed on the date: every day (disabled_time), on that date only (disabled_date_time), or — given
 * the present moment — because it has already begun.
 */
export const isSlotDisabled = (date: string, slot: string, s: SamplingRuleSetting, now?: Date): boolean =>
  s.disabled_time.includes(slot) ||
  s.disabled_date_time.some((d) => d.date === date && d.time === slot) ||
  (now !== undefined && hasSlotStarted(date, slot, now));

/** The slot to keep when the date changes: the chosen one while it is open, else the first open one ('' when none). */
export function keepOrFirstFreeSlot(date: string, chosen: string, s: SamplingRuleSetting, now: Date): string {
  if (chosen && slotsOf(s).includes(chosen) && !isSlotDisabled(date, chosen, s, now)) return chosen;
  return slotsOf(s).find((slot) => !isSlotDisabled(date, slot, s, now)) ?? '';
}

/** Whether home pick-up runs at a district code: the district itself or its whole city is in allowRegion. */
export const inAllowRegion = (code: string, regions: readonly RegionEntry[]): boolean =>
  /^\d{6}$/.test(code) && regions.some((r) => r.code === code || (r.code.endsWith('00') && r.code.slice(0, 4) === code.slice(0, 4)));

/** The pick-up form as the rules read it (strings already trimmed). */
export interface PickupFields {
  name: string;
  phone: string;
  /** The chosen address book entry; '' when a new address is entered. */
  address_rid: string;
  address_code: string;
  address: string;
  date: string;
  time: string;
}

/**
 * The first rule the pick-up form breaks, with the spec's message, or null.
 * Order of the spec's table: name, phone, address, street (new address only),
 * date, time; then the region, the date's and the slot's availability, and a slot of today that has begun.
 */
export function pickupError(f: PickupFields, now: Date, s: SamplingRuleSetting, regions: readonly RegionEntry[]): string | null {
  const today = chinaToday(now);
  if (!f.name) return '[姓名]不能为空';
  if (!f.phone) return '[手机]不能为空';
  if (!f.address_rid && !f.address_code) return '[取样地址]不能为空';
  if (!f.address_rid && !f.address) return '[详细地址]不能为空';
  if (!f.date) return '[取样日期]不能为空';
  if (!f.time) return '[取样时间]不能为空';
  if (f.address_code && !inAllowRegion(f.address_code, regions)) return REGION_NOT_OPEN;
  if (!isPickableDate(f.date, today, s)) return DATE_NOT_PICKABLE;
  if (!slotsOf(s).includes(f.time) || isSlotDisabled(f.date, f.time, s)) return SLOT_NOT_PICKABLE;
  if (hasSlotStarted(f.date, f.time, now)) return SLOT_STARTED;
  return null;
}

/** The self-send form: the first empty field with the house message, or null. */
export function selfSendError(f: { express_company: string; express_no: string }): string | null {
  if (!f.express_company) return '[快递公司]不能为空';
  if (!f.express_no) return '[快递单号]不能为空';
  return null;
}

/**
 * The shop's promise where a pick-up is chosen (spec §9: free pick-up in the two named cities), naming the cities
 * pick-up runs in (allowRegion) — never a courier's freight, which a pick-up does not have.
 */
export function pickupPromise(regions: readonly RegionEntry[]): string {
  const cities = [...new Set(regions.map((r) => r.city.replace(/市$/, '')).filter(Boolean))];
  return `${cities.length ? `${cities.join('、')}开通区域` : ''}免费上门取样，取样员上门收取样品，不收取运费`;
}
