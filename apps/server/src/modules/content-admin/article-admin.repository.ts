import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ArticleType } from '@yance/contracts/content';
import type { Executor } from '../../db/client.ts';
import { article, device, sitePage } from '../../db/schema.ts';

export type ArticleRow = typeof article.$inferSelect;
export type ArticleFields = Omit<typeof article.$inferInsert, 'id' | 'views'>;
export type ArticleState = 'published' | 'draft' | 'removed';

export interface ArticleFilter {
  type?: ArticleType;
  kw?: string;
  state?: ArticleState;
}

/** LIKE wildcards in a keyword match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: ArticleFilter): SQL | undefined {
  const state =
    f.state === 'removed'
      ? isNotNull(article.removedAt)
      : f.state
        ? and(isNull(article.removedAt), eq(article.published, f.state === 'published'))
        : isNull(article.removedAt);
  return and(state, f.type ? eq(article.type, f.type) : undefined, f.kw ? ilike(article.title, `%${likeEscape(f.kw)}%`) : undefined);
}

/** One page of articles for the console, newest first, and how many match. */
export async function pageArticles(db: Executor, f: ArticleFilter, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(article)
      .where(where(f))
      .orderBy(desc(article.publishedOn), desc(article.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(article).where(where(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findArticleById(db: Executor, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(article).where(eq(article.id, id));
  return row;
}

export async function lockArticle(db: Executor, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(article).where(eq(article.id, id)).for('update');
  return row;
}

export async function insertArticle(db: Executor, fields: ArticleFields): Promise<ArticleRow> {
  const [row] = await db.insert(article).values(fields).returning();
  return row!;
}

export async function updateArticle(db: Executor, id: number, patch: Partial<ArticleFields>): Promise<ArticleRow> {
  const [row] = await db.update(article).set(patch).where(eq(article.id, id)).returning();
  return row!;
}

export type SitePageRow = typeof sitePage.$inferSelect;

export async function listSitePageRows(db: Executor) {
  return db.select({ key: sitePage.key, title: sitePage.title, updated: sitePage.updatedOn }).from(sitePage).orderBy(sitePage.key);
}

export async function findSitePageRow(db: Executor, key: SitePageRow['key']): Promise<SitePageRow | undefined> {
  const [row] = await db.select().from(sitePage).where(eq(sitePage.key, key));
  return row;
}

export async function lockSitePage(db: Executor, key: SitePageRow['key']): Promise<SitePageRow | undefined> {
  const [row] = await db.select().from(sitePage).where(eq(sitePage.key, key)).for('update');
  return row;
}

export async function updateSitePage(db: Executor, key: SitePageRow['key'], patch: Partial<Omit<SitePageRow, 'key'>>) {
  const [row] = await db.update(sitePage).set(patch).where(eq(sitePage.key, key)).returning();
  return row!;
}

/** Whether an item (on or off the shelf) has this rid: a banner may link to it. */
export async function deviceRidExists(db: Executor, rid: string): Promise<boolean> {
  const rows = await db.select({ id: device.id }).from(device).where(eq(device.rid, rid)).limit(1);
  return rows.length > 0;
}
