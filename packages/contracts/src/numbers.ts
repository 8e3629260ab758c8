// Every number that comes from outside (query strings, form and JSON bodies)
// is read by one of these, so each has a range and a Chinese message naming
// its field (ADR 0024).
import { z } from 'zod';
import { FEN_MAX } from './money.ts';

/** Largest value of a PostgreSQL integer column, and so of every id. */
export const INT4_MAX = 2_147_483_647;
/** Deepest page of any list: past it a list is searched, not paged. */
export const PAGE_MAX = 10_000;

// Plain decimal digits only: "1e3", "0x10", " 12 ", "NaN", "Infinity" and "1.0" stay strings and are refused.
const DECIMAL = /^-?\d+$/;

export interface IntegerMessages {
  wrong?: string;
  missing?: string;
}

function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string' && DECIMAL.test(v)) return Number(v);
  if (v === 0) return 0; // -0
  return v;
}

/**
 * An integer from min to max, given as a JSON number or as decimal digits
 * (query strings, forms). `wrong` replaces every message but the one for a
 * missing value, `missing` that one.
 */
export function integer(label: string, min: number, max: number, { wrong, missing }: IntegerMessages = {}) {
  const notInteger = wrong ?? `[${label}]必须是整数`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? (missing ?? `[${label}]不能为空`) : notInteger) })
      .int(notInteger)
      .min(min, wrong ?? `[${label}]不能小于${min}`)
      .max(max, wrong ?? `[${label}]不能大于${max}`),
  );
}

/** A database id: 1 … 2147483647. */
export const id = (label: string) => integer(label, 1, INT4_MAX);

/** An id that may be left out: absent, "" and null all mean "none" (query filters). */
export const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(label).optional());

/** A count or a size: min … max. */
export const count = (label: string, min: number, max: number) => integer(label, min, max);

/** A page number: 1 … PAGE_MAX. */
export const pageNumber = (label = '页码') => integer(label, 1, PAGE_MAX);

/** A code from a fixed set of numbers (e.g. SMS purposes), refused with the field's message otherwise. */
export function oneOf<const T extends readonly number[]>(label: string, values: T, messages: IntegerMessages = {}) {
  const wrong = messages.wrong ?? `[${label}]不正确`;
  return integer(label, Math.min(...values), Math.max(...values), { ...messages, wrong })
    .refine((v) => values.includes(v), wrong)
    .transform((v) => v as T[number]);
}

/** An amount of money in fen sent to us: a whole number from 0 to FEN_MAX (¥10,000,000.00). */
export const fen = (label = '金额') => integer(label, 0, FEN_MAX).brand<'Fen'>();

/**
 * An amount of money in fen in a response (or stored data): the same range,
 * but a plain number schema, since responses are encoded and a preprocess
 * cannot run backwards.
 */
export const fenData = z.number().int().min(0).max(FEN_MAX).brand<'Fen'>();
