import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getDeviceDetail, listPrefectures, listTypeGroups } from './catalog.service.ts';
import { offersFor } from './price-rules.service.ts';
import { searchCatalog } from './keyword-search.service.ts';
import { listHotKeywords, suggestItems } from './search-suggest.service.ts';
import { estimateForItem } from '../turnaround/index.ts';

/** Catalogue calls (spec §7); declared in @yance/contracts/api/catalog. */
export const catalogRoutes = (ctx: AppContext) =>
  ({
    typeGroup: () => listTypeGroups(ctx),
    deviceSearch: ({ query }) => searchCatalog(ctx, query),
    // Public answers that are the same for everyone: a browser or proxy may keep them, so a retyped prefix costs nothing.
    deviceSuggest: ({ query, reply }) => {
      reply.header('cache-control', 'public, max-age=60');
      return suggestItems(ctx, query);
    },
    hotKeywords: ({ reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return listHotKeywords(ctx);
    },
    deviceDetail: ({ query }) => getDeviceDetail(ctx, query.rid),
    // Live (the queue moves with every order): never cached.
    deviceEstimate: ({ query }) => estimateForItem(ctx, query.rid, query.count),
    prefectureList: () => listPrefectures(ctx),
    // The signed-in customer's offers: a customer with an order no longer sees the 新客户首单 labels.
    priceOffers: ({ user }) => offersFor(ctx, user.id),
  }) satisfies Handlers;
