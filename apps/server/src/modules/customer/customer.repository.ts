import { and, asc, count, desc, eq, gt, sql, type Column, type SQL } from 'drizzle-orm';
import type { UserInfo } from '@yance/contracts/user';
import type { AttestationState } from '@yance/contracts/states';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { qualified } from '../../db/qualified.ts';
import { managerRotation, staffAccount, userAccount } from '../../db/schema.ts';

export type CustomerRow = typeof userAccount.$inferSelect;
export type CustomerPatch = Partial<
  Pick<
    CustomerRow,
    'disabled' | 'managerId' | 'attestationState' | 'attestationReason' | 'attestationReviewedAt' | 'attested' | 'creditLimitFen'
  >
>;

export interface CustomerFilter {
  phone?: string;
  name?: string;
  company?: string;
  organization?: number;
  attestation?: AttestationState;
  managerId?: number;
  disabled?: boolean;
}

/** LIKE 'x%' with the user's own % and _ taken literally. */
const prefix = (v: string) => `${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every condition is served by an index of user_account (ADR 0035): prefixes by the text_pattern_ops ones. */
function whereOf(f: CustomerFilter): SQL | undefined {
  return and(
    f.phone ? sql`${userAccount.phone} like ${prefix(f.phone)}` : undefined,
    f.name ? sql`lower(${userAccount.name}) like ${prefix(f.name.toLowerCase())}` : undefined,
    f.company ? sql`lower(${userAccount.company}) like ${prefix(f.company.toLowerCase())}` : undefined,
    f.organization === undefined ? undefined : eq(userAccount.organization, f.organization),
    f.attestation ? eq(userAccount.attestationState, f.attestation) : undefined,
    f.managerId === undefined ? undefined : eq(userAccount.managerId, f.managerId),
    f.disabled === undefined ? undefined : eq(userAccount.disabled, f.disabled),
  );
}

export type CustomerListRow = CustomerRow & { managerName: string | null };

/** One page of customers by creation time, with their manager's name, and how many match. */
export async function pageCustomers(
  db: Executor,
  f: CustomerFilter,
  order: 'createdDesc' | 'createdAsc',
  page: number,
  pageSize: number,
): Promise<{ rows: CustomerListRow[]; total: number }> {
  const where = whereOf(f);
  const by =
    order === 'createdDesc' ? [desc(userAccount.createdAt), desc(userAccount.id)] : [asc(userAccount.createdAt), asc(userAccount.id)];
  const rows = await db
    .select({ customer: userAccount, managerName: staffAccount.name })
    .from(userAccount)
    .leftJoin(staffAccount, eq(staffAccount.id, userAccount.managerId))
    .where(where)
    .orderBy(...by)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db.select({ total: count() }).from(userAccount).where(where)) as [{ total: number }];
  return { rows: rows.map((r) => ({ ...r.customer, managerName: r.managerName })), total };
}

/** Prepared (ADR 0064): user/info reads the customer's manager on every signed-in page. */
const customerById = preparedStatement('customer_by_id', (db, name) =>
  db
    .select()
    .from(userAccount)
    .where(eq(userAccount.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findCustomer(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await customerById(db).execute({ id });
  return row;
}

/** The customer, locked until the transaction ends. */
export async function lockCustomer(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.id, id)).for('update');
  return row;
}

/** The attestation machine's write: the review state (and the fields moved with it) with a compare-and-set on `from`. */
export async function setAttestationState(
  db: Executor,
  id: number,
  from: AttestationState,
  to: AttestationState,
  set: Partial<typeof userAccount.$inferInsert>,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(userAccount)
    .set({ ...set, attestationState: to })
    .where(and(eq(userAccount.id, id), eq(userAccount.attestationState, from)))
    .returning();
  return row;
}

export async function updateCustomer(db: Executor, id: number, patch: CustomerPatch): Promise<CustomerRow> {
  const [row] = await db.update(userAccount).set(patch).where(eq(userAccount.id, id)).returning();
  return row!;
}

export type ManagerRow = Pick<
  typeof staffAccount.$inferSelect,
  'id' | 'name' | 'account' | 'phone' | 'email' | 'wechatQr' | 'disabled' | 'roles'
>;

const managerColumns = {
  id: staffAccount.id,
  name: staffAccount.name,
  account: staffAccount.account,
  phone: staffAccount.phone,
  email: staffAccount.email,
  wechatQr: staffAccount.wechatQr,
  disabled: staffAccount.disabled,
  roles: staffAccount.roles,
};

const managerById = preparedStatement('manager_by_id', (db, name) =>
  db
    .select(managerColumns)
    .from(staffAccount)
    .where(eq(staffAccount.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findManager(db: Executor, id: number): Promise<ManagerRow | undefined> {
  const [row] = await managerById(db).execute({ id });
  return row;
}

/** Every staff member with the manager role, active ones first, then in the order they were added (ids). */
export async function listManagers(db: Executor): Promise<Pick<ManagerRow, 'id' | 'account' | 'name' | 'disabled'>[]> {
  return db
    .select({ id: staffAccount.id, account: staffAccount.account, name: staffAccount.name, disabled: staffAccount.disabled })
    .from(staffAccount)
    .where(sql`'manager' = any(${staffAccount.roles})`)
    .orderBy(asc(staffAccount.disabled), asc(staffAccount.id));
}

const isActiveManager = sql`not ${staffAccount.disabled} and 'manager' = any(${staffAccount.roles})`;

/**
 * The card of the manager with this id while that manager is active, as one JSON value, else null: a part of
 * user/info's one statement (ADR 0067). Null sends the caller to ensureManager, which assigns an active one.
 */
export const activeManagerCardJson = (managerId: Column): SQL<UserInfo['manager']> => {
  const s = qualified;
  return sql`(
  select json_build_object(
    'name', coalesce(nullif(${s(staffAccount.name)}, ''), ${s(staffAccount.account)}), 'phone', ${s(staffAccount.phone)},
    'email', ${s(staffAccount.email)}, 'wechatQr', ${s(staffAccount.wechatQr)}
  ) from ${staffAccount}
  where ${s(staffAccount.id)} = ${qualified(managerId)} and not ${s(staffAccount.disabled)} and 'manager' = any(${s(staffAccount.roles)}))`;
};

/**
 * The round robin's row, locked until the transaction ends (created on first
 * use): concurrent registrations queue here, each seeing the previous one's turn.
 */
export async function lockRotation(tx: Executor): Promise<number | null> {
  await tx.insert(managerRotation).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select({ last: managerRotation.lastStaffId }).from(managerRotation).where(eq(managerRotation.id, 1)).for('update');
  return row?.last ?? null;
}

export async function setRotation(tx: Executor, lastStaffId: number): Promise<void> {
  await tx.update(managerRotation).set({ lastStaffId }).where(eq(managerRotation.id, 1));
}

/** The next active manager after `afterId` by id, wrapping round to the first; undefined when there is none. */
export async function nextActiveManager(db: Executor, afterId: number | null): Promise<number | undefined> {
  const pick = async (after: SQL | undefined) => {
    const [row] = await db
      .select({ id: staffAccount.id })
      .from(staffAccount)
      .where(and(isActiveManager, after))
      .orderBy(asc(staffAccount.id))
      .limit(1);
    return row?.id;
  };
  return (afterId === null ? undefined : await pick(gt(staffAccount.id, afterId))) ?? (await pick(undefined));
}
