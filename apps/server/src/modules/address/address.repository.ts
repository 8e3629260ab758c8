import { and, count, desc, eq, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { Address } from '@yance/contracts/user';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { qualified } from '../../db/qualified.ts';
import { userAccount, userAddress } from '../../db/schema.ts';

export type AddressRow = typeof userAddress.$inferSelect;
export type AddressFields = Pick<
  typeof userAddress.$inferInsert,
  'name' | 'phone' | 'province' | 'city' | 'area' | 'address' | 'addressCode'
>;

/** The user's addresses, default first, then newest. */
export async function listAddresses(db: Executor, userId: number): Promise<AddressRow[]> {
  return addressesOf(db).execute({ userId });
}
/** Prepared (ADR 0064): user/info reads it on every signed-in page. */
const addressesOf = preparedStatement('addresses_of_user', (db, name) =>
  db
    .select()
    .from(userAddress)
    .where(eq(userAddress.userId, sql.placeholder('userId')))
    .orderBy(desc(userAddress.isDefault), desc(userAddress.id))
    .prepare(name),
);

/**
 * The user's addresses in the contracts' shape (default first, then newest) as one JSON value: a part of another
 * module's statement, so user/info reads the account and its address book in one round trip (ADR 0067). The same
 * fields as address.service's toAddress (test/user-address.test.ts compares the two).
 */
export const addressListJson = (userId: Column): SQL<Address[]> => {
  const a = qualified;
  return sql`coalesce((
  select json_agg(json_build_object(
    'address_rid', ${a(userAddress.rid)}, 'name', ${a(userAddress.name)}, 'phone', ${a(userAddress.phone)},
    'province', ${a(userAddress.province)}, 'city', ${a(userAddress.city)}, 'area', ${a(userAddress.area)},
    'address', ${a(userAddress.address)}, 'address_code', ${a(userAddress.addressCode)}, 'default', ${a(userAddress.isDefault)}
  ) order by ${a(userAddress.isDefault)} desc, ${a(userAddress.id)} desc)
  from ${userAddress} where ${a(userAddress.userId)} = ${qualified(userId)}), '[]'::json)`;
};

/**
 * Locks the user's account row until the transaction ends, so address-book
 * changes of one user run one after another (count cap, the one default).
 */
export async function lockAddressBook(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.id, userId)).for('update');
}

/** An address only when it belongs to the user: ownership is part of the lookup, never a later check. */
export async function findOwnedAddress(db: Executor, userId: number, rid: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddress)
    .where(and(eq(userAddress.rid, rid), eq(userAddress.userId, userId)));
  return row;
}

export async function countAddresses(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userAddress).where(eq(userAddress.userId, userId));
  return row?.n ?? 0;
}

/** Clears the default flag of the user's addresses other than keepId. */
export async function clearDefault(db: Executor, userId: number, keepId?: number): Promise<void> {
  const others = keepId === undefined ? undefined : ne(userAddress.id, keepId);
  await db
    .update(userAddress)
    .set({ isDefault: false })
    .where(and(eq(userAddress.userId, userId), eq(userAddress.isDefault, true), others));
}

export async function insertAddress(
  db: Executor,
  row: AddressFields & { userId: number; rid: string; isDefault: boolean },
): Promise<AddressRow> {
  const [created] = await db.insert(userAddress).values(row).returning();
  return created!;
}

export async function updateAddress(
  db: Executor,
  userId: number,
  id: number,
  patch: Partial<AddressFields> & { isDefault?: boolean },
): Promise<AddressRow> {
  const [row] = await db
    .update(userAddress)
    .set(patch)
    .where(and(eq(userAddress.id, id), eq(userAddress.userId, userId)))
    .returning();
  return row!;
}

/** Deletes the address; answers whether it was the default. */
export async function deleteAddress(db: Executor, userId: number, id: number): Promise<boolean> {
  const [gone] = await db
    .delete(userAddress)
    .where(and(eq(userAddress.id, id), eq(userAddress.userId, userId)))
    .returning({ isDefault: userAddress.isDefault });
  return gone?.isDefault ?? false;
}

/** The id of the user's newest address, if any. */
export async function findNewestAddressId(db: Executor, userId: number): Promise<number | undefined> {
  const [newest] = await db
    .select({ id: userAddress.id })
    .from(userAddress)
    .where(eq(userAddress.userId, userId))
    .orderBy(desc(userAddress.createdAt), desc(userAddress.id))
    .limit(1);
  return newest?.id;
}
