import type { ArticleDetail, ArticleSummary, ArticleType, SitePage, SitePageFigure, SitePageKey } from '@yance/contracts/content';
import type { Page, PagingQuery } from '@yance/contracts/paging';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { listTypeGroups } from '../catalog/index.ts';
import { countArticles, findArticles, findNeighbours, findSitePage, viewArticle } from './content.repository.ts';

/** One page of published articles of a type, newest first. */
export async function listArticles(ctx: AppContext, type: ArticleType, paging: PagingQuery): Promise<Page<ArticleSummary>> {
  const [list, total] = await Promise.all([
    findArticles(ctx.db, type, paging.pageSize, (paging.page - 1) * paging.pageSize),
    countArticles(ctx.db, type),
  ]);
  return { list, total, page: paging.page, pageSize: paging.pageSize };
}

/** Latest articles of a type (home page sections). */
export function latestArticles(ctx: AppContext, type: ArticleType, limit: number): Promise<ArticleSummary[]> {
  return findArticles(ctx.db, type, limit, 0);
}

/** Reads an article, counting the view; prev is the older and next the newer article of its type. */
export async function readArticle(ctx: AppContext, rid: string): Promise<ArticleDetail> {
  const row = await viewArticle(ctx.db, rid);
  if (!row) throw new AppError('NOT_FOUND', '文章不存在');
  const { id, ...detail } = row;
  const { prev, next } = await findNeighbours(ctx.db, row.type, row.created, id);
  return { ...detail, prev, next };
}

/** A static site page (about, guide, license …), its {{figure}} placeholders filled with live counts. */
export async function getSitePage(ctx: AppContext, key: SitePageKey): Promise<SitePage> {
  const row = await findSitePage(ctx.db, key);
  if (!row) throw new AppError('NOT_FOUND', '页面不存在');
  const body = FIGURE.test(row.body) ? fillFigures(row.body, await siteFigures(ctx)) : row.body;
  return { key: row.key, title: row.title, body, updated: row.updatedOn };
}

const FIGURE = /\{\{\s*(\w+)\s*\}\}/;

/** The numbers of SITE_PAGE_FIGURES, counted the way the 能力展示 page counts them (type/group and the article lists). */
async function siteFigures(ctx: AppContext): Promise<Record<SitePageFigure, number>> {
  const [types, cases, thanks] = await Promise.all([
    listTypeGroups(ctx),
    countArticles(ctx.db, 'service'),
    countArticles(ctx.db, 'thanks'),
  ]);
  const children = types.flatMap((t) => t.typeChildArr);
  return { items: children.reduce((n, c) => n + c.count, 0), categories: children.length, cases, thanks };
}

/** Replaces each {{figure}} with its number ("1,234"); an unknown name stays as written, so a typo shows. */
export function fillFigures(body: string, figures: Record<SitePageFigure, number>): string {
  return body.replace(new RegExp(FIGURE.source, 'g'), (whole, name: string) =>
    Object.hasOwn(figures, name) ? figures[name as SitePageFigure].toLocaleString('zh-CN') : whole,
  );
}
