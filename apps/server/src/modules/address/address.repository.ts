import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userAddress } from '../../db/schema.ts';

export type AddressRow = typeof userAddress.$inferSelect;
export type AddressFields = Pick<typeof userAddress.$inferInsert, 'name' | 'phone' | 'province' | 'city' | 'area' | 'address' | 'addressCode'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The user's addresses, default first, then newest. */
export async function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return db.select().from(userAddress).where(eq(userAddress.userId, userId)).orderBy(desc(userAddress.isDefault), desc(userAddress.id));
}

/** An address only when it belongs to the user: ownership is part of the lookup, never a later check. */
export async function findOwnedAddress(db: Db | Tx, userId: number, rid: string): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(userAddress).where(and(eq(userAddress.rid, rid), eq(userAddress.userId, userId)));
  return row;
}

export async function countAddresses(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userAddress).where(eq(userAddress.userId, userId));
  return row?.n ?? 0;
}

async function clearDefault(tx: Tx, userId: number) {
  await tx.update(userAddress).set({ isDefault: false }).where(and(eq(userAddress.userId, userId), eq(userAddress.isDefault, true)));
}

/** Adds an address; when it is to be the default, the previous default is cleared in the same transaction. */
export async function insertAddress(db: Db, userId: number, rid: string, fields: AddressFields, makeDefault: (existing: number) => boolean) {
  return db.transaction(async (tx) => {
    const isDefault = makeDefault(await countAddresses(tx, userId));
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx.insert(userAddress).values({ ...fields, userId, rid, isDefault }).returning();
    return row!;
  });
}

export async function updateAddress(db: Db, userId: number, id: number, fields: AddressFields, makeDefault: boolean) {
  return db.transaction(async (tx) => {
    if (makeDefault) await clearDefault(tx, userId);
    const patch = makeDefault ? { ...fields, isDefault: true } : fields;
    const [row] = await tx.update(userAddress).set(patch).where(and(eq(userAddress.id, id), eq(userAddress.userId, userId))).returning();
    return row!;
  });
}

/** Deletes the address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(userAddress).where(and(eq(userAddress.id, id), eq(userAddress.userId, userId))).returning();
    if (!gone?.isDefault) return;
    const [newest] = await tx.select({ id: userAddress.id }).from(userAddress).where(eq(userAddress.userId, userId)).orderBy(desc(userAddress.createdAt), desc(userAddress.id)).limit(1);
    if (newest) await tx.update(userAddress).set({ isDefault: true }).where(eq(userAddress.id, newest.id));
  });
}

export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await clearDefault(tx, userId);
    await tx.update(userAddress).set({ isDefault: true }).where(and(eq(userAddress.id, id), eq(userAddress.userId, userId)));
  });
}
