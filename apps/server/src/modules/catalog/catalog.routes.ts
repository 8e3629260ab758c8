import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getDeviceDetail, listPrefectures, listTypeGroups, searchCatalog } from './catalog.service.ts';

/** Catalogue calls (spec §7); declared in @yance/contracts/api/catalog. */
export const catalogRoutes = (ctx: AppContext) =>
  ({
    typeGroup: () => listTypeGroups(ctx),
    deviceSearch: ({ query }) => searchCatalog(ctx, query),
    deviceDetail: ({ query }) => getDeviceDetail(ctx, query.rid),
    prefectureList: () => listPrefectures(ctx),
  }) satisfies Handlers;
