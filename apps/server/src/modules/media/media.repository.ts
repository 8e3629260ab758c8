import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mediaFile } from '../../db/schema.ts';

export type MediaRow = typeof mediaFile.$inferSelect;

export async function findMediaByKey(db: Executor, key: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaFile).where(eq(mediaFile.key, key));
  return row;
}

/** Inserts the file's row unless one with its key exists (the same picture uploaded again); true when inserted. */
export async function insertMedia(db: Executor, row: typeof mediaFile.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(mediaFile).values(row).onConflictDoNothing({ target: mediaFile.key }).returning({ id: mediaFile.id });
  return inserted.length > 0;
}
