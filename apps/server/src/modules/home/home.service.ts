import { gzipSync } from 'node:zlib';
import { envelope } from '@yance/contracts/envelope';
import { popupSetting, type PopupSetting } from '@yance/contracts/content-admin';
import { homeData, type HomeData, type PromoPopup } from '@yance/contracts/home';
import type { AppContext } from '../../context.ts';
import type { CurrentAnswer, MemoryAnswer } from '../../lib/memory-answers.ts';
import { ok } from '../../lib/reply.ts';
import { listHotItems, listPrefectures, listTypeGroups } from '../catalog/index.ts';
import { latestArticles } from '../content/index.ts';
import { getSettingValue } from '../setting/index.ts';
import { findBanners, findPartners, nextBannerChange } from './home.repository.ts';

const HOT_ITEMS = 8;
const SERVICE_CASES = 6;
const THANKS = 8;
export const HOME_POPUP_KEY = 'homePopup';

/** The stored popup (setting homePopup) as the console saved it, or null when there is none or it is malformed. */
export function readPopup(value: unknown): PopupSetting | null {
  const parsed = popupSetting.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether something with this window shows at `now` (start inclusive, end exclusive). */
export const inWindow = (w: { startsAt: string | null; endsAt: string | null }, now: Date) =>
  (!w.startsAt || new Date(w.startsAt) <= now) && (!w.endsAt || new Date(w.endsAt) > now);

/** The popup shown at `now`, in the storefront's shape. */
export function activePopup(p: PopupSetting | null, now: Date): PromoPopup | null {
  return p && p.enabled && inWindow(p, now) ? { img: p.img, title: p.title, url: p.url } : null;
}

/** The popup's next start or end after `now`, if any. */
const popupChange = (p: PopupSetting | null, now: Date): number[] =>
  p?.enabled ? [p.startsAt, p.endsAt].map((v) => (v ? new Date(v).getTime() : NaN)).filter((t) => t > now.getTime()) : [];

/**
 * Gathers the whole home page in one go (spec §3 home data) as it is at
 * `now`, and when it next changes by the clock alone (a banner's or the
 * popup's window opening or closing), so the cache never outlives it.
 */
export async function buildHomeData(ctx: AppContext, now = ctx.clock()): Promise<{ data: HomeData; changesAt: number }> {
  const [bannerArr, typeArr, prefectureNavBottomArr, hotItems, cases, thanks, partnerArr, popupValue, bannerChange] = await Promise.all([
    findBanners(ctx.db, now),
    listTypeGroups(ctx),
    listPrefectures(ctx),
    listHotItems(ctx, HOT_ITEMS),
    latestArticles(ctx, 'service', SERVICE_CASES),
    latestArticles(ctx, 'thanks', THANKS),
    findPartners(ctx.db),
    getSettingValue(ctx, HOME_POPUP_KEY),
    nextBannerChange(ctx.db, now),
  ]);
  const popup = readPopup(popupValue);
  const changesAt = Math.min(Infinity, bannerChange?.getTime() ?? Infinity, ...popupChange(popup, now));
  const data: HomeData = {
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
    popup: activePopup(popup, now),
  };
  return { data, changesAt };
}

/** The home envelope, serialised once to UTF-8 bytes: the answer with its headers, plain and gzipped. */
export interface HomePayload {
  json: MemoryAnswer;
  gzip: MemoryAnswer;
}

/** The home answer's own headers; every answer also carries the security headers and its request id. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' } as const;
const GZIP_HEADERS = { ...JSON_HEADERS, 'content-encoding': 'gzip' } as const;

/**
 * The home call is the busiest one, and its data is public catalogue content
 * that may be a few seconds stale. So each process keeps the serialised
 * envelope for HOME_TTL_MS instead of running eight queries per request; this
 * is a cache of shared data, not shared state, so several server processes
 * may each hold their own copy. Writers call invalidateHomeCache(ctx).
 *
 * Refreshed ahead: a request after HOME_REFRESH_MS still gets the held answer and starts the rebuild, so under steady
 * traffic the answer is replaced before it expires and no request waits for the eight queries (at each expiry the
 * requests of that moment used to wait for them). Nothing is served past HOME_TTL_MS or past the
 * moment a banner or the popup changes: an answer that expires by its banners' clock is rebuilt when it expires, as is
 * one that no request asked for in time.
 */
const HOME_TTL_MS = 10_000;
const HOME_REFRESH_MS = 8_000;
interface CacheSlot {
  payload?: HomePayload;
  expires: number;
  /** From then on a request starts the rebuild (once) while the held answer is still served. */
  refreshAt: number;
  building?: Promise<HomePayload>;
  /** Counts invalidations: a rebuild that started before one is not held (it may have read what was edited). */
  generation: number;
}
// Keyed by the app's database so apps built in one process (tests) never see each other's data.
const caches = new WeakMap<object, CacheSlot>();
const homeEnvelope = envelope(homeData);

/** This app's cache slot (made at its first use). */
function slotOf(ctx: AppContext): CacheSlot {
  let slot = caches.get(ctx.db);
  if (!slot) caches.set(ctx.db, (slot = { expires: 0, refreshAt: 0, generation: 0 }));
  return slot;
}

/** The cached home answer while it is fresh, or undefined; one past its refresh time starts its rebuild. */
function freshPayload(ctx: AppContext, slot: CacheSlot): HomePayload | undefined {
  const now = ctx.clock().getTime();
  if (!slot.payload || slot.expires <= now) return undefined;
  if (now >= slot.refreshAt && !slot.building) {
    // Nobody waits for this rebuild: a failure is logged, and the held answer serves until it expires.
    startRebuild(ctx, slot).catch((err: unknown) => ctx.log.warn({ err }, 'home: refreshing the held answer failed'));
  }
  return slot.payload;
}

/** The rebuild under way, or a new one: one at a time, concurrent requests share it. */
function startRebuild(ctx: AppContext, slot: CacheSlot): Promise<HomePayload> {
  if (slot.building) return slot.building;
  const building = rebuild(ctx, slot).finally(() => {
    if (slot.building === building) slot.building = undefined;
  });
  slot.building = building;
  return building;
}

/** The payload's answer for a client that takes gzip or not. */
export const answerOf = (payload: HomePayload, gzip: boolean): MemoryAnswer => (gzip ? payload.gzip : payload.json);

/** The home answer held while it is fresh, for the answers written before Fastify (ADR 0080). */
export function heldHomeAnswer(ctx: AppContext): CurrentAnswer {
  const slot = slotOf(ctx);
  return (gzip) => {
    const payload = freshPayload(ctx, slot);
    return payload && answerOf(payload, gzip);
  };
}

export async function getHomePayload(ctx: AppContext): Promise<HomePayload> {
  const slot = slotOf(ctx);
  return freshPayload(ctx, slot) ?? startRebuild(ctx, slot);
}

async function rebuild(ctx: AppContext, slot: CacheSlot): Promise<HomePayload> {
  const now = ctx.clock().getTime();
  const generation = slot.generation;
  const { data, changesAt } = await buildHomeData(ctx, new Date(now));
  const body = homeEnvelope.parse(ok(data));
  // Bytes, not a string: sending then skips re-encoding 10 kB of Chinese text per request.
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const payload = { json: { headers: JSON_HEADERS, body: json }, gzip: { headers: GZIP_HEADERS, body: gzipSync(json) } };
  // Invalidated meanwhile: this answer goes to the requests that waited for it, the next one builds another.
  if (slot.generation !== generation) return payload;
  slot.payload = payload;
  // Never past the moment a banner or the popup starts or stops showing.
  slot.expires = Math.min(now + HOME_TTL_MS, changesAt);
  // Past the expiry when a banner's or the popup's clock ends the answer sooner: then it is rebuilt when it expires.
  slot.refreshAt = now + HOME_REFRESH_MS;
  return payload;
}

/** Drops the cached home page so the next request rebuilds it (call after catalogue or content edits). */
export function invalidateHomeCache(ctx: Pick<AppContext, 'db'>): void {
  const slot = caches.get(ctx.db);
  if (!slot) return;
  slot.expires = 0;
  // A rebuild under way may have read the data before the edit: the next request starts its own.
  slot.generation++;
  slot.building = undefined;
}
