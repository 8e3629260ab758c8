import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { article, device, projectType } from '../../db/schema.ts';

/** On-shelf items, oldest first (a stable order keeps sitemap files stable as items are added). */
export async function findListedItems(db: Executor): Promise<{ rid: string }[]> {
  return db.select({ rid: device.rid }).from(device).where(eq(device.onShelf, true)).orderBy(asc(device.id));
}

/** Published articles read on our site (an article with a source links out instead). */
export async function findListedArticles(db: Executor): Promise<{ rid: string; publishedOn: string }[]> {
  return db
    .select({ rid: article.rid, publishedOn: article.publishedOn })
    .from(article)
    .where(and(eq(article.published, true), eq(article.source, '')))
    .orderBy(asc(article.id));
}

export async function findTypeNames(db: Executor): Promise<{ id: number; name: string }[]> {
  return db.select({ id: projectType.id, name: projectType.name }).from(projectType).orderBy(asc(projectType.sort), asc(projectType.id));
}
