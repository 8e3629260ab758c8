import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { partner } from '../../db/schema.ts';

export type PartnerRow = typeof partner.$inferSelect;
export type PartnerFields = Omit<typeof partner.$inferInsert, 'id'>;

export async function listPartnerRows(db: Executor): Promise<PartnerRow[]> {
  return db.select().from(partner).orderBy(asc(partner.sort), asc(partner.id));
}

export async function lockPartner(db: Executor, id: number): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partner).where(eq(partner.id, id)).for('update');
  return row;
}

export async function insertPartner(db: Executor, fields: PartnerFields): Promise<PartnerRow> {
  const [row] = await db.insert(partner).values(fields).returning();
  return row!;
}

export async function updatePartner(db: Executor, id: number, patch: Partial<PartnerFields>): Promise<PartnerRow> {
  const [row] = await db.update(partner).set(patch).where(eq(partner.id, id)).returning();
  return row!;
}

export async function deletePartner(db: Executor, id: number): Promise<void> {
  await db.delete(partner).where(eq(partner.id, id));
}
