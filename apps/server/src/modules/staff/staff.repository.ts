import { and, arrayContains, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole, StaffSort } from '@yance/contracts/staff';
import type { Executor } from '../../db/client.ts';
import { staffAccount } from '../../db/schema.ts';

export type StaffRow = typeof staffAccount.$inferSelect;

/** The staff member with this account name, whatever its case. */
export async function findStaffByAccount(db: Executor, account: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccount)
    .where(sql`lower(${staffAccount.account}) = ${account.toLowerCase()}`);
  return row;
}

export async function findStaff(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccount).where(eq(staffAccount.id, id));
  return row;
}

/** Enabled staff holding any of these roles, by name. */
export async function listEnabledWithRoles(db: Executor, roles: readonly StaffRole[]): Promise<StaffRow[]> {
  return db
    .select()
    .from(staffAccount)
    .where(and(eq(staffAccount.disabled, false), sql`${staffAccount.roles} && ${`{${roles.join(',')}}`}::text[]`))
    .orderBy(asc(staffAccount.name), asc(staffAccount.id));
}

export async function insertStaff(db: Executor, row: typeof staffAccount.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(staffAccount).values(row).returning({ id: staffAccount.id });
  return inserted!.id;
}

export interface StaffFilter {
  /** Part of the account or the name, any case. */
  kw?: string;
  role?: StaffRole;
  sort: StaffSort;
}

/** LIKE's own characters in a search word match themselves. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<StaffSort, SQL[]> = {
  createdAt: [asc(staffAccount.id)],
  '-createdAt': [desc(staffAccount.id)],
  account: [asc(sql`lower(${staffAccount.account})`), asc(staffAccount.id)],
  '-account': [desc(sql`lower(${staffAccount.account})`), desc(staffAccount.id)],
};

/** One page of staff matching the filter, in its order, and how many match. */
export async function pageStaff(
  db: Executor,
  f: StaffFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: StaffRow[]; total: number }> {
  const like = f.kw ? `%${likeEscaped(f.kw)}%` : undefined;
  const where = and(
    like ? or(ilike(staffAccount.account, like), ilike(staffAccount.name, like)) : undefined,
    f.role ? arrayContains(staffAccount.roles, [f.role]) : undefined,
  );
  const rows = await db
    .select()
    .from(staffAccount)
    .where(where)
    .orderBy(...ORDER[f.sort])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db.select({ total: count() }).from(staffAccount).where(where)) as [{ total: number }];
  return { rows, total };
}

/** The staff member, locked until the transaction ends. */
export async function lockStaff(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccount).where(eq(staffAccount.id, id)).for('update');
  return row;
}

/**
 * The ids of the enabled admins, their rows locked until the transaction
 * ends: two changes that could each remove "the other" admin wait for each
 * other, and the second sees the first's result.
 */
export async function lockActiveAdmins(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: staffAccount.id })
    .from(staffAccount)
    .where(and(sql`'admin' = any(${staffAccount.roles})`, eq(staffAccount.disabled, false)))
    .orderBy(asc(staffAccount.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function updateStaff(db: Executor, id: number, patch: Partial<typeof staffAccount.$inferInsert>): Promise<StaffRow> {
  const [row] = await db.update(staffAccount).set(patch).where(eq(staffAccount.id, id)).returning();
  return row!;
}
