import { z } from 'zod';
import { deviceSummary, projectType } from './catalog.ts';
import { articleSummary } from './content.ts';

/** A banner's redirect is an external http(s) link or a catalogue rid (spec §2). */
export const banner = z.object({ img: z.string(), redirect: z.string(), title: z.string(), description: z.string() });
export type Banner = z.infer<typeof banner>;

/** Hot area (专区). */
export const prefecture = z.object({ id: z.number().int(), name: z.string(), img: z.string(), sketch: z.string() });
export type Prefecture = z.infer<typeof prefecture>;
export const prefectureListResponse = z.array(prefecture);

/** A popular item: order is the order count; price_fen the unit price it starts from (options may add to it). */
export const hotItem = deviceSummary.pick({ rid: true, name: true, img: true, sketch: true, order: true, price_fen: true, unit: true });
export type HotItem = z.infer<typeof hotItem>;

export const serviceCase = articleSummary.pick({ rid: true, title: true, img: true, sketch: true, created: true, source: true });
export type ServiceCase = z.infer<typeof serviceCase>;

export const thanks = articleSummary.pick({
  rid: true,
  company: true,
  title: true,
  code: true,
  content: true,
  sketch: true,
  source: true,
  created: true,
});
export type Thanks = z.infer<typeof thanks>;

export const partner = z.object({ id: z.number().int(), name: z.string(), img: z.string(), url: z.string() });
export type Partner = z.infer<typeof partner>;

/** Promotional popup shown on load; a click opens url in a new tab. */
export const promoPopup = z.object({ img: z.string(), title: z.string(), url: z.string() });
export type PromoPopup = z.infer<typeof promoPopup>;

export const homeData = z.object({
  bannerArr: z.array(banner),
  typeArr: z.array(projectType),
  prefectureNavBottomArr: z.array(prefecture),
  hotItems: z.array(hotItem),
  serviceCaseArr: z.array(serviceCase),
  thanksArr: z.array(thanks),
  partnerArr: z.array(partner),
  popup: promoPopup.nullable(),
});
export type HomeData = z.infer<typeof homeData>;
