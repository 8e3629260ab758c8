import type { z } from 'zod';
import type { BannerAdmin, bannerAddBody, bannerEditBody } from '@yance/contracts/content-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { inWindow } from '../home/index.ts';
import { deviceRidExists } from './article-admin.repository.ts';
import { contentWrite, logChange, logRemoval, writeOrder, type Write } from './admin-write.ts';
import { deleteBanner, insertBanner, listBannerRows, lockBanner, updateBanner, type BannerRow } from './banner.repository.ts';

type AddBody = z.output<typeof bannerAddBody>;
type EditBody = z.output<typeof bannerEditBody>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function adminOf(r: BannerRow, now: Date): BannerAdmin {
  const startsAt = iso(r.startsAt);
  const endsAt = iso(r.endsAt);
  return { ...r, startsAt, endsAt, active: r.enabled && inWindow({ startsAt, endsAt }, now) };
}
/** What the log keeps of a banner. */
const logged = (r: BannerRow) => {
  const { id: _id, ...rest } = r;
  return { ...rest, startsAt: iso(r.startsAt), endsAt: iso(r.endsAt) };
};

/** Every banner, shown or not, in display order; `active` says whether the home page shows it now. */
export async function listBanners(ctx: AppContext): Promise<BannerAdmin[]> {
  const now = ctx.clock();
  return (await listBannerRows(ctx.db)).map((r) => adminOf(r, now));
}

/** A redirect that is not a link names an item: it must exist, or the banner leads to a 404. */
async function checkRedirect(ctx: AppContext, redirect: string): Promise<void> {
  if (/^https?:\/\//i.test(redirect)) return;
  if (!(await deviceRidExists(ctx.db, redirect))) throw new AppError('INVALID', `[跳转]项目${redirect}不存在`);
}

const fieldsOf = (b: AddBody) => ({
  img: b.img,
  redirect: b.redirect,
  title: b.title,
  description: b.description,
  sort: b.sort,
  enabled: b.enabled,
  startsAt: b.startsAt ? new Date(b.startsAt) : null,
  endsAt: b.endsAt ? new Date(b.endsAt) : null,
});

export async function addBanner(ctx: AppContext, w: Write, body: AddBody): Promise<BannerAdmin> {
  await checkRedirect(ctx, body.redirect);
  return contentWrite(ctx, async (t) => {
    const row = await insertBanner(t.db, fieldsOf(body));
    await logChange(t, w, { action: 'banner.add', objectType: 'banner', objectId: row.id }, null, logged(row));
    return adminOf(row, t.clock());
  });
}

async function lockOrNotFound(ctx: AppContext, id: number): Promise<BannerRow> {
  const row = await lockBanner(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '轮播图不存在');
  return row;
}

export async function editBanner(ctx: AppContext, w: Write, body: EditBody): Promise<BannerAdmin> {
  await checkRedirect(ctx, body.redirect);
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, body.id);
    const row = await updateBanner(t.db, body.id, fieldsOf(body));
    await logChange(t, w, { action: 'banner.edit', objectType: 'banner', objectId: row.id }, logged(before), logged(row));
    return adminOf(row, t.clock());
  });
}

/** Sets the display order to `ids` (which must be every banner, once each). */
export async function sortBanners(ctx: AppContext, w: Write, ids: number[]): Promise<BannerAdmin[]> {
  return contentWrite(ctx, async (t) => {
    await writeOrder(t, w, await listBannerRows(t.db), ids, {
      objectType: 'banner',
      label: '轮播图',
      setSort: (id, sort) => updateBanner(t.db, id, { sort }),
    });
    const now = t.clock();
    return (await listBannerRows(t.db)).map((r) => adminOf(r, now));
  });
}

export async function removeBanner(ctx: AppContext, w: Write, id: number): Promise<null> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, id);
    await deleteBanner(t.db, id);
    await logRemoval(t, w, { action: 'banner.remove', objectType: 'banner', objectId: id }, logged(before));
    return null;
  });
}
