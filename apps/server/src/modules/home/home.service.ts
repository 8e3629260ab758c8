import { gzipSync } from 'node:zlib';
import { envelope } from '@yance/contracts/envelope';
import { homeData, promoPopup, type HomeData } from '@yance/contracts/home';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { listHotItems, listPrefectures, listTypeGroups } from '../catalog/catalog.service.ts';
import { latestArticles } from '../content/content.service.ts';
import { getSettingValue } from '../setting/setting.service.ts';
import { findBanners, findPartners } from './home.repository.ts';

const HOT_ITEMS = 8;
const SERVICE_CASES = 6;
const THANKS = 8;
export const HOME_POPUP_KEY = 'homePopup';

/** Gathers the whole home page in one go (spec §3 home data). */
export async function buildHomeData(ctx: AppContext): Promise<HomeData> {
  const [bannerArr, typeArr, prefectureNavBottomArr, hotItems, cases, thanks, partnerArr, popupValue] = await Promise.all([
    findBanners(ctx.db),
    listTypeGroups(ctx),
    listPrefectures(ctx),
    listHotItems(ctx, HOT_ITEMS),
    latestArticles(ctx, 'service', SERVICE_CASES),
    latestArticles(ctx, 'thanks', THANKS),
    findPartners(ctx.db),
    getSettingValue(ctx, HOME_POPUP_KEY),
  ]);
  const popup = promoPopup.safeParse(popupValue);
  return {
    bannerArr,
    typeArr,
    prefectureNavBottomArr,
    hotItems,
    serviceCaseArr: cases.map(({ rid, title, img, sketch, created, source }) => ({ rid, title, img, sketch, created, source })),
    thanksArr: thanks.map(({ rid, company, title, code, content, sketch, source, created }) => ({
      rid,
      company,
      title,
      code,
      content,
      sketch,
      source,
      created,
    })),
    partnerArr,
    popup: popup.success ? popup.data : null,
  };
}

/** The home envelope, serialised once to UTF-8 bytes, plain and gzipped. */
export interface HomePayload {
  json: Buffer;
  gzip: Buffer;
}

/**
 * The home call is the busiest one, and its data is public catalogue content
 * that may be a few seconds stale. So each process keeps the serialised
 * envelope for HOME_TTL_MS instead of running eight queries per request; this
 * is a cache of shared data, not shared state, so several server processes
 * may each hold their own copy. Writers call invalidateHomeCache(ctx).
 */
const HOME_TTL_MS = 10_000;
interface CacheSlot {
  payload?: HomePayload;
  expires: number;
  building?: Promise<HomePayload>;
}
// Keyed by the app's database so apps built in one process (tests) never see each other's data.
const caches = new WeakMap<object, CacheSlot>();
const homeEnvelope = envelope(homeData);

export async function getHomePayload(ctx: AppContext): Promise<HomePayload> {
  let slot = caches.get(ctx.db);
  if (!slot) caches.set(ctx.db, (slot = { expires: 0 }));
  if (slot.payload && slot.expires > ctx.clock().getTime()) return slot.payload;
  // One rebuild at a time; concurrent requests share it.
  slot.building ??= rebuild(ctx, slot).finally(() => {
    slot.building = undefined;
  });
  return slot.building;
}

async function rebuild(ctx: AppContext, slot: CacheSlot): Promise<HomePayload> {
  const body = homeEnvelope.parse(ok(await buildHomeData(ctx)));
  // Bytes, not a string: sending then skips re-encoding 10 kB of Chinese text per request.
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const payload = { json, gzip: gzipSync(json) };
  slot.payload = payload;
  slot.expires = ctx.clock().getTime() + HOME_TTL_MS;
  return payload;
}

/** Drops the cached home page so the next request rebuilds it (call after catalogue or content edits). */
export function invalidateHomeCache(ctx: Pick<AppContext, 'db'>): void {
  const slot = caches.get(ctx.db);
  if (slot) slot.expires = 0;
}
