import type { z } from 'zod';
import type { sitePageEditBody } from '@yance/contracts/content-admin';
import type { SitePageKey } from '@yance/contracts/content';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { findSitePageRow, listSitePageRows, lockSitePage, updateSitePage, type SitePageRow } from './article-admin.repository.ts';
import { contentWrite, logChange, type Write } from './admin-write.ts';

const adminOf = (r: SitePageRow) => ({ key: r.key, title: r.title, body: r.body, updated: r.updatedOn });

export const listSitePages = (ctx: AppContext) => listSitePageRows(ctx.db);

/** The page as stored: its {{figure}} placeholders unfilled, so an edit keeps them live. */
export async function sitePageAdmin(ctx: AppContext, key: SitePageKey) {
  const row = await findSitePageRow(ctx.db, key);
  if (!row) throw new AppError('NOT_FOUND', '页面不存在');
  return adminOf(row);
}

/**
 * Saves a page's title and body. The body is sanitised like every rich text
 * (ADR 0014); {{items}} and the other placeholders of ADR 0028 are plain text
 * to the sanitiser, so they survive and are filled when the page is read.
 */
export async function editSitePage(ctx: AppContext, w: Write, body: z.output<typeof sitePageEditBody>) {
  return contentWrite(ctx, async (t) => {
    const before = await lockSitePage(t.db, body.key);
    if (!before) throw new AppError('NOT_FOUND', '页面不存在');
    const patch = { title: body.title, body: sanitizeRichText(body.body) };
    if (patch.title === before.title && patch.body === before.body) return adminOf(before);
    const row = await updateSitePage(t.db, body.key, { ...patch, updatedOn: t.clock().toISOString().slice(0, 10) });
    await logChange(t, w, { action: 'page.edit', objectType: 'page', objectId: body.key }, before, row);
    return adminOf(row);
  });
}
