import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ArticleType, SitePageKey } from '@yance/contracts/content';
import type { Executor } from '../../db/client.ts';
import { article, sitePage } from '../../db/schema.ts';

const summaryColumns = {
  rid: article.rid,
  type: article.type,
  title: article.title,
  img: article.img,
  sketch: article.sketch,
  created: article.publishedOn,
  source: article.source,
  company: article.company,
  code: article.code,
  content: article.content,
};

// Published and not removed (a removed article is also unpublished; both checks keep it hidden whatever a later edit does).
const visible = (type: ArticleType) => and(eq(article.type, type), eq(article.published, true), isNull(article.removedAt));

/** Published articles of one type, newest first. */
export async function findArticles(db: Executor, type: ArticleType, limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(article)
    .where(visible(type))
    .orderBy(desc(article.publishedOn), desc(article.id))
    .limit(limit)
    .offset(offset);
}

export async function countArticles(db: Executor, type: ArticleType): Promise<number> {
  const [row] = await db.select({ n: count() }).from(article).where(visible(type));
  return row?.n ?? 0;
}

/** Adds one view in the same statement that reads the article, so concurrent reads never lose a count. */
export async function viewArticle(db: Executor, rid: string) {
  const [row] = await db
    .update(article)
    .set({ views: sql`${article.views} + 1` })
    .where(and(eq(article.rid, rid), eq(article.published, true), isNull(article.removedAt)))
    .returning({ ...summaryColumns, id: article.id, body: article.body, views: article.views });
  return row ?? null;
}

/** The articles of the same type just before and just after one, by date then id. */
export async function findNeighbours(db: Executor, type: ArticleType, publishedOn: string, id: number) {
  const neighbour = { rid: article.rid, title: article.title };
  const older = or(lt(article.publishedOn, publishedOn), and(eq(article.publishedOn, publishedOn), lt(article.id, id)));
  const newer = or(gt(article.publishedOn, publishedOn), and(eq(article.publishedOn, publishedOn), gt(article.id, id)));
  const [prev, next] = await Promise.all([
    db
      .select(neighbour)
      .from(article)
      .where(and(visible(type), older))
      .orderBy(desc(article.publishedOn), desc(article.id))
      .limit(1),
    db
      .select(neighbour)
      .from(article)
      .where(and(visible(type), newer))
      .orderBy(asc(article.publishedOn), asc(article.id))
      .limit(1),
  ]);
  return { prev: prev[0] ?? null, next: next[0] ?? null };
}

export async function findSitePage(db: Executor, key: SitePageKey) {
  const [row] = await db.select().from(sitePage).where(eq(sitePage.key, key));
  return row ?? null;
}
