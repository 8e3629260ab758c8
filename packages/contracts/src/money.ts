// Money as an integer number of fen (ADR 0012). No zod at run time (a type
// import only), so any bundle may carry the price function.
import type { z } from 'zod';

/** An integer number of fen (分), never negative; made by asFen, the `fen` schema or the database. */
export type Fen = number & z.$brand<'Fen'>;

/** Price unit of a catalogue item, with the word a price is shown per (¥80/样). Here, not in catalog.ts: the first screen formats prices without zod. */
export const PRICE_UNITS = { sample: '样', hour: '小时', job: '项', element: '元素' } as const;
export type PriceUnit = keyof typeof PRICE_UNITS;

/** Largest single amount accepted anywhere: ¥10,000,000.00 (fits a PostgreSQL integer). */
export const FEN_MAX = 1_000_000_000;
/** Largest count of one item on an order line. */
export const COUNT_MAX = 999;

/** A price that cannot be computed; message is for the customer (Chinese). */
export class PriceError extends Error {
  override name = 'PriceError';
}

const isFen = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= FEN_MAX;

/** Checks that n is a whole, non-negative amount of fen within FEN_MAX. */
export function asFen(n: number): Fen {
  if (!isFen(n)) throw new PriceError(`金额不正确：${n}`);
  return n as Fen;
}

/** What a price is computed from: the item's unit price and its options (a catalogue item's detail). */
export interface Priced {
  price_fen: Fen;
  options: readonly { name: string; choices: readonly { label: string; extra_fen: Fen }[] }[];
}

/** The chosen label of each option, by option name; an option left out takes its first choice. */
export type Choices = Readonly<Record<string, string>>;

/** The first choice of every option: what the detail page starts with. */
export const defaultChoices = (item: Priced): Record<string, string> =>
  Object.fromEntries(item.options.flatMap((o) => (o.choices[0] ? [[o.name, o.choices[0].label]] : [])));

/**
 * (unit price + the extra of each chosen option) × count, in fen. The one
 * price rule: the detail page shows it and the server recomputes every price
 * it is sent with it. Throws PriceError for an option or choice the item does
 * not have, a count outside 1..COUNT_MAX, or a total above FEN_MAX.
 */
export function priceOf(item: Priced, choices: Choices, count: number): Fen {
  if (!Number.isSafeInteger(count) || count < 1 || count > COUNT_MAX) throw new PriceError(`[数量]必须是1到${COUNT_MAX}之间的整数`);
  const known = new Set(item.options.map((o) => o.name));
  const unknown = Object.keys(choices).find((name) => !known.has(name));
  if (unknown !== undefined) throw new PriceError(`该项目没有选项「${unknown}」`);
  let unit: number = asFen(item.price_fen);
  for (const option of item.options) {
    const label = Object.hasOwn(choices, option.name) ? choices[option.name] : option.choices[0]?.label;
    if (label === undefined) continue; // an option without choices adds nothing
    const choice = option.choices.find((c) => c.label === label);
    if (!choice) throw new PriceError(`选项「${option.name}」没有「${label}」`);
    unit += asFen(choice.extra_fen);
  }
  const total = unit * count;
  if (total > FEN_MAX) throw new PriceError('金额超出上限');
  return total as Fen;
}

/**
 * Integer fen → "¥1,280.00" (negative: "-¥1,280.00"): the one money format of every page, PDF and log.
 * Integer arithmetic, as zh-CN's number format writes it (groups of three, two decimals), without Intl: a page's
 * first Intl.NumberFormat loads the locale's data, ~10 ms of a phone's start-up (ADR 0068).
 */
export function formatFen(fen: number): string {
  const abs = Math.round(Math.abs(fen));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const UPPER_DIGITS = '零壹贰叁肆伍陆柒捌玖';
/** The amount in Chinese capital numerals (人民币大写), as contracts write it. */
export function capitalYuan(fen: number): string {
  if (fen === 0) return '零元整';
  const units = ['', '拾', '佰', '仟'];
  const groups = ['', '万', '亿'];
  const whole = Math.floor(fen / 100);
  let out = '';
  let n = whole;
  let g = 0;
  let zero = false;
  while (n > 0) {
    const part = n % 10000;
    let s = '';
    let needZero = false;
    for (let i = 0; i < 4; i++) {
      const d = Math.floor(part / 10 ** i) % 10;
      if (d === 0) {
        if (s) needZero = true;
      } else {
        s = `${UPPER_DIGITS[d]}${units[i]}${needZero ? '零' : ''}${s}`;
        needZero = false;
      }
    }
    if (s) out = `${s}${groups[g]}${zero ? '零' : ''}${out}`;
    zero = part < 1000 && part > 0 ? true : part === 0 && out !== '';
    n = Math.floor(n / 10000);
    g++;
  }
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  const yuanPart = whole > 0 ? `${out}元` : '';
  if (jiao === 0 && cent === 0) return `${yuanPart}整`;
  return `${yuanPart}${jiao ? `${UPPER_DIGITS[jiao]}角` : whole > 0 ? '零' : ''}${cent ? `${UPPER_DIGITS[cent]}分` : ''}`;
}
