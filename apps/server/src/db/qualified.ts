import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column as "table"."column", whatever statement it lands in. drizzle writes a single-table select's columns
 * unqualified, so inside a correlated subquery an outer column such as "id" would name the subquery's own table's.
 * Parts of a statement that other modules compose (ADR 0067) write every column this way.
 */
export const qualified = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
