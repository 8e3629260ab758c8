import type { z } from 'zod';
import type { childAddBody, childEditBody, typeEditBody } from '@yance/contracts/catalog-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SHOWCASE_CHANGED } from './catalog-events.ts';
import {
  countItemsOfChild,
  deleteChild,
  findChildByName,
  findChildren,
  insertChild,
  lockChild,
  lockType,
  updateChild,
  updateType,
  type TypeRow,
} from './catalog-admin.repository.ts';
import { findTypes } from './catalog.repository.ts';
import { logCatalog, type CatalogWrite } from './catalog-audit.ts';
import { refreshDeviceSearch } from './catalog-search.repository.ts';
import { deviceIdsOfChild } from './device-admin.repository.ts';

/** Tags of a type: its description split on "|", blanks dropped (spec §3). */
export const tagsOf = (description: string) =>
  description
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

const typeOf = (t: TypeRow) => ({
  id: t.id,
  name: t.name,
  img: t.img,
  description: t.description,
  tags: tagsOf(t.description),
  discount_label: t.discountLabel ?? '',
});
const loggedType = (t: TypeRow) => ({ name: t.name, img: t.img, description: t.description });

export async function listTypesAdmin(ctx: AppContext) {
  return (await findTypes(ctx.db)).map(typeOf);
}

/** catalog/type/edit: name, picture, discount label and tags (stored joined with "|"). */
export async function editType(ctx: AppContext, w: CatalogWrite, body: z.output<typeof typeEditBody>) {
  const out = await ctx.tx(async (t) => {
    const row = await lockType(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', '项目类型不存在');
    const next = await updateType(t.db, row.id, {
      name: body.name,
      img: body.img,
      description: tagsOf(body.description).join('|'),
    });
    await logCatalog(t, w, 'catalog.type.edit', { type: 'project_type', id: row.id }, loggedType(row), loggedType(next));
    return typeOf(next);
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

export function listChildrenAdmin(ctx: AppContext, typeId?: number) {
  return findChildren(ctx.db, { typeId });
}

async function childOrNotFound(ctx: AppContext, id: number) {
  const [row] = await findChildren(ctx.db, { ids: [id] });
  if (!row) throw new AppError('NOT_FOUND', '分类不存在');
  return row;
}

async function refuseDuplicateName(ctx: AppContext, typeId: number, name: string, self?: number) {
  const same = await findChildByName(ctx.db, typeId, name);
  if (same && same.id !== self) throw new AppError('CONFLICT', `[分类名称]「${name}」已存在`);
}

export async function addChild(ctx: AppContext, w: CatalogWrite, body: z.output<typeof childAddBody>) {
  const out = await ctx.tx(async (t) => {
    if (!(await lockType(t.db, body.typeId))) throw new AppError('NOT_FOUND', '项目类型不存在');
    await refuseDuplicateName(t, body.typeId, body.name);
    const id = await insertChild(t.db, body);
    await logCatalog(t, w, 'catalog.child.add', { type: 'type_child', id }, null, { ...body });
    return childOrNotFound(t, id);
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

/** catalog/child/edit: a new name is written into its items' search text, so they are found by it at once. */
export async function editChild(ctx: AppContext, w: CatalogWrite, body: z.output<typeof childEditBody>) {
  const out = await ctx.tx(async (t) => {
    const row = await lockChild(t.db, body.id);
    if (!row) throw new AppError('NOT_FOUND', '分类不存在');
    await refuseDuplicateName(t, row.typeId, body.name, row.id);
    await updateChild(t.db, row.id, { name: body.name, sort: body.sort });
    if (row.name !== body.name) await refreshDeviceSearch(t.db, await deviceIdsOfChild(t.db, row.id));
    const before = { name: row.name, sort: row.sort };
    await logCatalog(t, w, 'catalog.child.edit', { type: 'type_child', id: row.id }, before, { name: body.name, sort: body.sort });
    return childOrNotFound(t, row.id);
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

/** catalog/child/sort: the ids of one type's categories, every one of them, in their new order. */
export async function sortChildren(ctx: AppContext, w: CatalogWrite, ids: number[]) {
  const out = await ctx.tx(async (t) => {
    const first = await lockChild(t.db, ids[0]!);
    if (!first) throw new AppError('NOT_FOUND', '分类不存在');
    const current = await findChildren(t.db, { typeId: first.typeId });
    const known = new Set(current.map((c) => c.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError('INVALID', '[排序]须包含该项目类型的全部分类，且各一次');
    }
    for (const [i, id] of ids.entries()) await updateChild(t.db, id, { sort: (i + 1) * 10 });
    await logCatalog(
      t,
      w,
      'catalog.child.sort',
      { type: 'project_type', id: first.typeId },
      { order: current.map((c) => c.id) },
      {
        order: ids,
      },
    );
    return findChildren(t.db, { typeId: first.typeId });
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

/** catalog/child/remove: only an empty category (items keep their category; move or re-categorise them first). */
export async function removeChild(ctx: AppContext, w: CatalogWrite, id: number): Promise<null> {
  await ctx.tx(async (t) => {
    const row = await lockChild(t.db, id);
    if (!row) throw new AppError('NOT_FOUND', '分类不存在');
    const items = await countItemsOfChild(t.db, id);
    if (items > 0) throw new AppError('CONFLICT', `分类「${row.name}」下还有 ${items} 个项目（含下架），请先把它们移到其他分类`);
    await deleteChild(t.db, id);
    await logCatalog(
      t,
      w,
      'catalog.child.remove',
      { type: 'type_child', id },
      { typeId: row.typeId, name: row.name, sort: row.sort },
      {
        typeId: null,
        name: null,
        sort: null,
      },
    );
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return null;
}
