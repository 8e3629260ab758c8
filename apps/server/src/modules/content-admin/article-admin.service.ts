import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ArticleAdminDetail, articleAddBody, articleAdminQuery, articleEditBody } from '@yance/contracts/content-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import {
  findArticleById,
  insertArticle,
  lockArticle,
  pageArticles,
  updateArticle,
  type ArticleFields,
  type ArticleRow,
} from './article-admin.repository.ts';
import { contentWrite, logChange, type Write } from './admin-write.ts';

type AddBody = z.output<typeof articleAddBody>;
type EditBody = z.output<typeof articleEditBody>;
type ListQuery = z.output<typeof articleAdminQuery>;

const summaryOf = (r: ArticleRow) => ({
  id: r.id,
  rid: r.rid,
  type: r.type,
  title: r.title,
  img: r.img,
  publishedOn: r.publishedOn,
  published: r.published,
  removed: r.removedAt !== null,
  views: r.views,
});
const detailOf = (r: ArticleRow): ArticleAdminDetail => ({
  ...summaryOf(r),
  sketch: r.sketch,
  body: r.body,
  source: r.source,
  company: r.company,
  code: r.code,
  content: r.content,
});
/** What the log keeps: every field an operator edits, the body included (it is what changed). */
const logged = (r: ArticleRow) => {
  const { id: _id, views: _views, removedAt, ...rest } = r;
  return { ...rest, removed: removedAt !== null };
};

export async function listArticlesAdmin(ctx: AppContext, q: ListQuery) {
  const { rows, total } = await pageArticles(ctx.db, { type: q.type, kw: q.kw || undefined, state: q.state }, q.page, q.pageSize);
  return { list: rows.map(summaryOf), total, page: q.page, pageSize: q.pageSize };
}

export async function articleAdminDetail(ctx: AppContext, id: number): Promise<ArticleAdminDetail> {
  const row = await findArticleById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '文章不存在');
  return detailOf(row);
}

const today = (ctx: AppContext) => ctx.clock().toISOString().slice(0, 10);

/** The fields as stored: rich HTML sanitised (ADR 0014), the date today's when none was given. */
function fieldsOf(ctx: AppContext, b: AddBody | EditBody): Omit<ArticleFields, 'rid' | 'published'> {
  return {
    type: b.type,
    title: b.title,
    img: b.img,
    sketch: b.sketch,
    body: sanitizeRichText(b.body),
    source: b.source,
    company: b.company,
    code: b.code,
    content: b.content,
    publishedOn: b.publishedOn ?? today(ctx),
  };
}

/** A new public id: "a" and 10 hex digits (the seed's look "a10011" stays theirs). */
const newRid = () => `a${randomBytes(5).toString('hex')}`;

export async function addArticle(ctx: AppContext, w: Write, body: AddBody): Promise<ArticleAdminDetail> {
  const fields = { ...fieldsOf(ctx, body), published: body.published };
  // A clash of two random ids is a one in a trillion event; one retry covers it.
  for (let attempt = 0; ; attempt++) {
    try {
      return await contentWrite(ctx, async (t) => {
        const row = await insertArticle(t.db, { ...fields, rid: newRid() });
        await logChange(t, w, { action: 'article.add', objectType: 'article', objectId: row.id }, null, logged(row));
        return detailOf(row);
      });
    } catch (err) {
      if (attempt > 0 || !isUniqueViolation(err)) throw err;
    }
  }
}

async function lockOrNotFound(ctx: AppContext, id: number, removedToo = false): Promise<ArticleRow> {
  const row = await lockArticle(ctx.db, id);
  if (!row || (row.removedAt && !removedToo)) throw new AppError('NOT_FOUND', '文章不存在');
  return row;
}

export async function editArticle(ctx: AppContext, w: Write, body: EditBody): Promise<ArticleAdminDetail> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, body.id);
    const row = await updateArticle(t.db, before.id, fieldsOf(t, { ...body, publishedOn: body.publishedOn ?? before.publishedOn }));
    await logChange(t, w, { action: 'article.edit', objectType: 'article', objectId: row.id }, logged(before), logged(row));
    return detailOf(row);
  });
}

/** Publishes or withdraws (back to draft); a removed article can do neither. */
export async function setArticlePublished(ctx: AppContext, w: Write, id: number, published: boolean): Promise<ArticleAdminDetail> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, id);
    if (before.published === published) return detailOf(before);
    const row = await updateArticle(t.db, id, { published });
    const action = published ? 'article.publish' : 'article.unpublish';
    await logChange(t, w, { action, objectType: 'article', objectId: id }, { published: before.published }, { published });
    return detailOf(row);
  });
}

/** Soft removal: hidden from the site and the console's default list, the row and its history kept. */
export async function removeArticle(ctx: AppContext, w: Write, id: number): Promise<ArticleAdminDetail> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, id, true);
    if (before.removedAt) return detailOf(before);
    const row = await updateArticle(t.db, id, { published: false, removedAt: t.clock() });
    await logChange(t, w, { action: 'article.remove', objectType: 'article', objectId: id }, logged(before), logged(row));
    return detailOf(row);
  });
}
