import {
  deviceFieldsOf,
  type DeviceAdminDetail,
  type DeviceAdminQuery,
  type DeviceEditBody,
  type DeviceField,
  type DeviceInput,
  type DeviceExportQuery,
} from '@yance/contracts/catalog-admin';
import { labelDevice } from './discount-labels.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { SHOWCASE_CHANGED } from './catalog-events.ts';
import { findChildren } from './catalog-admin.repository.ts';
import { logCatalog, type CatalogWrite } from './catalog-audit.ts';
import { insertDevices, updateDevice, type NewDevice } from './catalog-search.repository.ts';
import {
  adminDetailsInOrder,
  adminRowsInOrder,
  allAdminDeviceIds,
  lockDevice,
  lockDeviceByRid,
  pageAdminDeviceIds,
  setShelf,
  type AdminDeviceFilter,
} from './device-admin.repository.ts';
import { normalizeSearch, termsOf } from '../../lib/search-grams.ts';

/** The console's items: every field of product.md, any shelf state (ADR 0036). */

const filterOf = (q: DeviceExportQuery): AdminDeviceFilter => {
  const keyword = normalizeSearch(q.kw);
  return {
    terms: keyword ? termsOf(keyword) : undefined,
    rid: q.kw.trim(),
    typeId: q.typeId,
    childId: q.childId,
    onShelf: q.shelf === undefined ? undefined : q.shelf === 'on',
  };
};

/** catalog/device/list: one page, searched by name, alias or category with the storefront's matching. */
export async function listDevicesAdmin(ctx: AppContext, q: DeviceAdminQuery) {
  const { ids, total } = await pageAdminDeviceIds(ctx.db, filterOf(q), q.sort, q.pageSize, (q.page - 1) * q.pageSize);
  return { list: await adminRowsInOrder(ctx.db, ids), total, page: q.page, pageSize: q.pageSize };
}

/** Every field of the items the export's filters match, in the console's order. */
export async function devicesForExport(ctx: AppContext, q: DeviceExportQuery): Promise<DeviceAdminDetail[]> {
  const ids = await allAdminDeviceIds(ctx.db, filterOf(q));
  const out: DeviceAdminDetail[] = [];
  for (let i = 0; i < ids.length; i += 1000) out.push(...(await adminDetailsInOrder(ctx.db, ids.slice(i, i + 1000))));
  return out;
}

export async function getDeviceAdmin(ctx: AppContext, id: number): Promise<DeviceAdminDetail> {
  const [row] = await adminDetailsInOrder(ctx.db, [id]);
  if (!row) throw new AppError('NOT_FOUND', '项目不存在');
  return row;
}

async function fieldsOf(ctx: AppContext, input: DeviceInput): Promise<NewDevice> {
  const [child] = await findChildren(ctx.db, { ids: [input.childId] });
  if (!child) throw new AppError('NOT_FOUND', '[分类]不存在');
  return { ...input, typeId: child.typeId };
}

/**
 * Adds the item, or changes the one with id `existing`, in the caller's
 * transaction: the rich text is sanitised and the search row rewritten by the
 * repository, the change logged (before → after). Used by add, edit and each
 * import row.
 */
export async function saveDevice(t: AppContext, w: CatalogWrite, input: DeviceInput, existing: number | null, action: string) {
  if (existing !== null && !(await lockDevice(t.db, existing))) throw new AppError('NOT_FOUND', '项目不存在');
  const fields = await fieldsOf(t, input);
  const taken = await lockDeviceByRid(t.db, input.rid);
  if (taken !== undefined && taken !== existing) throw new AppError('CONFLICT', `[项目编号]「${input.rid}」已被其他项目使用`);
  let id: number;
  let before: Pick<DeviceAdminDetail, DeviceField> | null = null;
  if (existing === null) {
    [id] = (await insertDevices(t.db, [fields])) as [number];
  } else {
    id = existing;
    before = deviceFieldsOf(await getDeviceAdmin(t, id));
    await updateDevice(t.db, id, fields);
  }
  await labelDevice(t, id);
  const after = await getDeviceAdmin(t, id);
  await logCatalog(t, w, action, { type: 'device', id }, before, deviceFieldsOf(after));
  return after;
}

/** Two writers of one rid at once: the unique index decides, and the loser hears what the check would have said. */
const rethrowTaken = (rid: string) => (err: unknown) => {
  throw isUniqueViolation(err) ? new AppError('CONFLICT', `[项目编号]「${rid}」已被其他项目使用`) : err;
};

export async function addDevice(ctx: AppContext, w: CatalogWrite, input: DeviceInput) {
  const out = await ctx.tx((t) => saveDevice(t, w, input, null, 'catalog.device.add')).catch(rethrowTaken(input.rid));
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

export async function editDevice(ctx: AppContext, w: CatalogWrite, body: DeviceEditBody) {
  const { id, ...input } = body;
  const out = await ctx.tx((t) => saveDevice(t, w, input, id, 'catalog.device.edit')).catch(rethrowTaken(input.rid));
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return out;
}

/** catalog/device/shelf: on or off the shelf in bulk; each item that changed is logged. */
export async function setDevicesShelf(ctx: AppContext, w: CatalogWrite, ids: number[], onShelf: boolean) {
  const changed = await ctx.tx(async (t) => {
    const rows = await setShelf(t.db, [...new Set(ids)], onShelf);
    for (const r of rows) {
      await logCatalog(
        t,
        w,
        onShelf ? 'catalog.device.onShelf' : 'catalog.device.offShelf',
        { type: 'device', id: r.id },
        {
          onShelf: !onShelf,
        },
        { onShelf },
      );
    }
    return rows.length;
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return { changed };
}
