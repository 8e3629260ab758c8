import { sql, type SQL } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { COUNT_MAX } from '@yance/contracts/money';

const literal = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);

/** CHECK (column IN (…)) built from a contracts list, so the database knows exactly the states the code does. */
export function oneOf(name: string, column: AnyPgColumn, values: readonly (string | number)[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
}

/** CHECK (column >= 0), for amounts and counts. */
export function notNegative(name: string, column: AnyPgColumn): ReturnType<typeof check> {
  const expr: SQL = sql`${column} >= 0`;
  return check(name, expr);
}

/** CHECK (column <@ ARRAY[…]): every element of an array column is one of a contracts list. */
export function allOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} <@ array[${sql.raw(values.map(literal).join(', '))}]::text[]`);
}

/** A count of 1..COUNT_MAX, as the contracts accept it. */
export const countCheck = (name: string, column: Parameters<typeof oneOf>[1]) =>
  check(name, sql`${column} between 1 and ${sql.raw(String(COUNT_MAX))}`);
