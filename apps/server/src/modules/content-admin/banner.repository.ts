import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banner } from '../../db/schema.ts';

export type BannerRow = typeof banner.$inferSelect;
export type BannerFields = Omit<typeof banner.$inferInsert, 'id'>;

export async function listBannerRows(db: Executor): Promise<BannerRow[]> {
  return db.select().from(banner).orderBy(asc(banner.sort), asc(banner.id));
}

/** The banner, locked until the transaction ends (two edits of one banner log one after the other). */
export async function lockBanner(db: Executor, id: number): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banner).where(eq(banner.id, id)).for('update');
  return row;
}

export async function insertBanner(db: Executor, fields: BannerFields): Promise<BannerRow> {
  const [row] = await db.insert(banner).values(fields).returning();
  return row!;
}

export async function updateBanner(db: Executor, id: number, patch: Partial<BannerFields>): Promise<BannerRow> {
  const [row] = await db.update(banner).set(patch).where(eq(banner.id, id)).returning();
  return row!;
}

export async function deleteBanner(db: Executor, id: number): Promise<void> {
  await db.delete(banner).where(eq(banner.id, id));
}
