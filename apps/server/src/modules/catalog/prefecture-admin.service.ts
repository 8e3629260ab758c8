import type { z } from 'zod';
import type { prefectureAddBody, prefectureEditBody, prefectureItemsQuery } from '@yance/contracts/catalog-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SHOWCASE_CHANGED } from './catalog-events.ts';
import {
  addPrefectureDevices,
  deletePrefecture,
  findPrefecturesWithCounts,
  insertPrefecture,
  lockPrefecture,
  pagePrefectureDeviceIds,
  prefectureIds,
  removePrefectureDevices,
  updatePrefecture,
  type PrefectureRow,
} from './catalog-admin.repository.ts';
import { logCatalog, type CatalogWrite } from './catalog-audit.ts';
import { adminRowsInOrder, existingDeviceIds } from './device-admin.repository.ts';

/** Hot areas (专区) and the items in them; the home page and the area filter of search read them. */

const logged = (p: Omit<PrefectureRow, 'id'>) => ({ name: p.name, img: p.img, sketch: p.sketch, sort: p.sort });
const object = (id: number) => ({ type: 'prefecture', id });

export function listPrefecturesAdmin(ctx: AppContext) {
  return findPrefecturesWithCounts(ctx.db);
}

async function one(ctx: AppContext, id: number) {
  const [row] = await findPrefecturesWithCounts(ctx.db, [id]);
  if (!row) throw new AppError('NOT_FOUND', '专区不存在');
  return row;
}

async function lockOrNotFound(ctx: AppContext, id: number): Promise<PrefectureRow> {
  const row = await lockPrefecture(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '专区不存在');
  return row;
}

/** Runs a write, then lets the home page rebuild on this process at once (others within their 10 s window). */
async function write<T>(ctx: AppContext, fn: (t: AppContext) => Promise<T>): Promise<T> {
  const out = await ctx.tx(fn);
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

export function addPrefecture(ctx: AppContext, w: CatalogWrite, body: z.output<typeof prefectureAddBody>) {
  return write(ctx, async (t) => {
    const id = await insertPrefecture(t.db, body);
    await logCatalog(t, w, 'catalog.prefecture.add', object(id), null, logged(body));
    return one(t, id);
  });
}

export function editPrefecture(ctx: AppContext, w: CatalogWrite, body: z.output<typeof prefectureEditBody>) {
  return write(ctx, async (t) => {
    const row = await lockOrNotFound(t, body.id);
    const { id, ...fields } = body;
    await updatePrefecture(t.db, id, fields);
    await logCatalog(t, w, 'catalog.prefecture.edit', object(id), logged(row), logged(fields));
    return one(t, id);
  });
}

/** catalog/prefecture/sort: every hot area's id once, in the new order. */
export function sortPrefectures(ctx: AppContext, w: CatalogWrite, ids: number[]) {
  return write(ctx, async (t) => {
    const current = await findPrefecturesWithCounts(t.db);
    const known = new Set(await prefectureIds(t.db));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError('INVALID', '[排序]须包含全部专区，且各一次');
    }
    for (const [i, id] of ids.entries()) await updatePrefecture(t.db, id, { sort: (i + 1) * 10 });
    await logCatalog(t, w, 'catalog.prefecture.sort', object(0), { order: current.map((p) => p.id) }, { order: ids });
    return findPrefecturesWithCounts(t.db);
  });
}

/** catalog/prefecture/remove: the area goes with its list; the items stay in the catalogue. */
export async function removePrefecture(ctx: AppContext, w: CatalogWrite, id: number): Promise<null> {
  await write(ctx, async (t) => {
    const row = await lockOrNotFound(t, id);
    await deletePrefecture(t.db, id);
    await logCatalog(t, w, 'catalog.prefecture.remove', object(id), logged(row), { name: null, img: null, sketch: null, sort: null });
  });
  return null;
}

export async function listPrefectureItems(ctx: AppContext, q: z.output<typeof prefectureItemsQuery>) {
  await one(ctx, q.id);
  const { ids, total } = await pagePrefectureDeviceIds(ctx.db, q.id, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: await adminRowsInOrder(ctx.db, ids), total, page: q.page, pageSize: q.pageSize };
}

/** Adds (or removes) items; unknown item ids are refused, ids already in (or not in) the area change nothing. */
export function changePrefectureItems(ctx: AppContext, w: CatalogWrite, body: { id: number; deviceIds: number[] }, add: boolean) {
  return write(ctx, async (t) => {
    await lockOrNotFound(t, body.id);
    const wanted = [...new Set(body.deviceIds)];
    const known = new Set(await existingDeviceIds(t.db, wanted));
    const unknown = wanted.find((id) => !known.has(id));
    if (unknown !== undefined) throw new AppError('NOT_FOUND', `项目 ${unknown} 不存在`);
    const changed = add ? await addPrefectureDevices(t.db, body.id, wanted) : await removePrefectureDevices(t.db, body.id, wanted);
    if (changed.length > 0) {
      const action = add ? 'catalog.prefecture.itemAdd' : 'catalog.prefecture.itemRemove';
      await logCatalog(t, w, action, object(body.id), { deviceIds: add ? [] : changed }, { deviceIds: add ? changed : [] });
    }
    return { changed: changed.length };
  });
}
