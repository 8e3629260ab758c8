import { IMPORT_FILE_MAX_BYTES } from '@yance/contracts/catalog-admin';
import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { readUploadedFile } from '../../plugins/multipart.ts';
import { addDevice, editDevice, getDeviceAdmin, listDevicesAdmin, setDevicesShelf } from './device-admin.service.ts';
import { exportDevicesXlsx, importDevicesXlsx } from './device-xlsx.service.ts';
import {
  addPrefecture,
  changePrefectureItems,
  editPrefecture,
  listPrefectureItems,
  listPrefecturesAdmin,
  removePrefecture,
  sortPrefectures,
} from './prefecture-admin.service.ts';
import { addChild, editChild, editType, listChildrenAdmin, listTypesAdmin, removeChild, sortChildren } from './taxonomy-admin.service.ts';
import { createOnce } from '../ledger/index.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The console's catalogue (ADR 0036); declared in @yance/contracts/api/catalog-admin, every call needs catalog.manage. */
export const catalogAdminRoutes = (ctx: AppContext) =>
  ({
    catalogTypeList: () => listTypesAdmin(ctx),
    catalogTypeEdit: ({ staff, ip, body }) => editType(ctx, { caller: staff, ip }, body),
    catalogChildList: ({ query }) => listChildrenAdmin(ctx, query.typeId),
    catalogChildAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'catalog/child/add', body, (t, form) => addChild(t, { caller: staff, ip }, form)),
    catalogChildEdit: ({ staff, ip, body }) => editChild(ctx, { caller: staff, ip }, body),
    catalogChildSort: ({ staff, ip, body }) => sortChildren(ctx, { caller: staff, ip }, body.ids),
    catalogChildRemove: ({ staff, ip, body }) => removeChild(ctx, { caller: staff, ip }, body.id),
    catalogDeviceList: ({ query }) => listDevicesAdmin(ctx, query),
    catalogDeviceDetail: ({ query }) => getDeviceAdmin(ctx, query.id),
    catalogDeviceAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'catalog/device/add', body, (t, form) => addDevice(t, { caller: staff, ip }, form)),
    catalogDeviceEdit: ({ staff, ip, body }) => editDevice(ctx, { caller: staff, ip }, body),
    catalogDeviceShelf: ({ staff, ip, body }) => setDevicesShelf(ctx, { caller: staff, ip }, body.ids, body.onShelf),
    catalogDeviceExport: async ({ query, reply }) => {
      const file = await exportDevicesXlsx(ctx, query);
      const name = `检测项目-${ctx.clock().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="items.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    },
    catalogDeviceImport: async ({ staff, ip, request }) =>
      importDevicesXlsx(ctx, { caller: staff, ip }, (await readUploadedFile(request, IMPORT_FILE_MAX_BYTES)).bytes),
    catalogPrefectureList: () => listPrefecturesAdmin(ctx),
    catalogPrefectureAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'catalog/prefecture/add', body, (t, form) => addPrefecture(t, { caller: staff, ip }, form)),
    catalogPrefectureEdit: ({ staff, ip, body }) => editPrefecture(ctx, { caller: staff, ip }, body),
    catalogPrefectureSort: ({ staff, ip, body }) => sortPrefectures(ctx, { caller: staff, ip }, body.ids),
    catalogPrefectureRemove: ({ staff, ip, body }) => removePrefecture(ctx, { caller: staff, ip }, body.id),
    catalogPrefectureItems: ({ query }) => listPrefectureItems(ctx, query),
    catalogPrefectureItemAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'catalog/prefecture/itemAdd', body, (t, form) =>
        changePrefectureItems(t, { caller: staff, ip }, form, true),
      ),
    catalogPrefectureItemRemove: ({ staff, ip, body }) => changePrefectureItems(ctx, { caller: staff, ip }, body, false),
  }) satisfies Handlers;
