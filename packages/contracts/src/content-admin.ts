// What the console sends and reads for content (issue 8): banners, articles,
// site pages, partners and the promo popup. The storefront's shapes stay in
// content.ts and home.ts; these add what only operators see (drafts, windows).
import { z } from 'zod';
import { articleType, isoDate, sitePageKey } from './content.ts';
import { count, id } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { safeHref, safeImgSrc } from './rich-text-policy.ts';
import { calendarDate } from './setting.ts';
import { optionalText, text } from './text.ts';
import { createKey } from './idempotency.ts';

/** A picture: one of our /upload/ files (what mediaUpload returns) or an https URL. */
export const imagePath = (label: string, required = true) =>
  text(label, { max: 500, required }).refine((v) => v === '' || safeImgSrc(v) === v, `[${label}]应为上传后的图片地址或https链接`);

/** A link: http(s), or a path on this site ("/article/a10011"). */
export const linkUrl = (label: string, required = true) =>
  text(label, { max: 500, required }).refine(
    (v) => v === '' || (safeHref(v) === v && !/^(mailto|tel):/i.test(v)),
    `[${label}]应为http(s)链接或站内路径`,
  );

/** Rich HTML from the editor; the server sanitises it before storing (ADR 0014). */
export const richText = (label: string, max: number) => optionalText(label, { max, multiline: true });

const boolean = (label: string) => z.boolean({ error: `[${label}]应为true或false` });
const sort = count('排序', 0, 99_999).default(0);

/** An active window: both ends optional (open), ISO times with offset; the end after the start. */
const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `[${label}]格式不正确` })
    .nullable()
    .optional()
    .default(null);
const windowFields = { startsAt: instant('开始时间'), endsAt: instant('结束时间') };
const windowOrdered = (w: { startsAt: string | null; endsAt: string | null }) =>
  !w.startsAt || !w.endsAt || new Date(w.endsAt) > new Date(w.startsAt);
const WINDOW_MESSAGE = { message: '[结束时间]须晚于开始时间', path: ['endsAt'] };

// ---- banners -------------------------------------------------------------

/** A device rid ("d10001") or an external http(s) link (spec §2). */
const bannerRedirect = text('跳转', { max: 500 }).refine(
  (v) => /^[A-Za-z0-9_-]{1,32}$/.test(v) || (/^https?:\/\//i.test(v) && safeHref(v) === v),
  '[跳转]应为项目编号或http(s)链接',
);
const bannerFields = {
  img: imagePath('图片'),
  redirect: bannerRedirect,
  title: text('标题', { max: 60 }),
  description: optionalText('描述', { max: 200 }),
  sort,
  enabled: boolean('启用').default(true),
  ...windowFields,
};
export const bannerAddBody = z.object({ ...bannerFields, idempotencyKey: createKey }).refine(windowOrdered, WINDOW_MESSAGE);
export const bannerEditBody = z.object({ id: id('轮播图'), ...bannerFields }).refine(windowOrdered, WINDOW_MESSAGE);
export const bannerAdmin = z.object({
  id: z.number().int(),
  img: z.string(),
  redirect: z.string(),
  title: z.string(),
  description: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Enabled and inside its window now: what the home page shows. */
  active: z.boolean(),
});
export type BannerAdmin = z.infer<typeof bannerAdmin>;

/** A new order: every id of the list once, first shown first. */
export const sortBody = (label: string) =>
  z.object({
    ids: z
      .array(id(label), { error: '[顺序]不能为空' })
      .min(1, '[顺序]不能为空')
      .max(500, '[顺序]过长')
      .refine((ids) => new Set(ids).size === ids.length, '[顺序]有重复'),
  });
export const idBody = (label: string) => z.object({ id: id(label) });

// ---- articles ------------------------------------------------------------

export const ARTICLE_STATES = ['published', 'draft', 'removed'] as const;
export const articleAdminQuery = pagingQuery.extend({
  type: articleType.optional(),
  kw: optionalText('关键词', { max: 50 }),
  /** Default: published and drafts (removed ones only when asked for). */
  state: z.enum(ARTICLE_STATES, { error: '[状态]只能是published、draft或removed' }).optional(),
});
const articleFields = {
  type: articleType,
  title: text('标题', { max: 100 }),
  img: imagePath('封面', false).optional().default(''),
  sketch: optionalText('摘要', { max: 500, multiline: true }),
  body: richText('正文', 200_000),
  source: linkUrl('原文链接', false).optional().default(''),
  company: optionalText('作者信息', { max: 300 }),
  code: optionalText('期刊信息', { max: 300 }),
  content: optionalText('致谢内容', { max: 2000, multiline: true }),
  /** The date the site shows; today when left out. */
  publishedOn: calendarDate('发布日期').optional(),
};
type ArticleFields = { type: string; body: string; source: string; company: string; content: string };
/** Thanks carry the author and the acknowledgement; the others a body or a link to the original. */
function articleComplete(a: ArticleFields, ctx: z.RefinementCtx) {
  if (a.type === 'thanks') {
    if (!a.company) ctx.addIssue({ code: 'custom', path: ['company'], message: '[作者信息]不能为空' });
    if (!a.content) ctx.addIssue({ code: 'custom', path: ['content'], message: '[致谢内容]不能为空' });
  } else if (!a.body && !a.source) {
    ctx.addIssue({ code: 'custom', path: ['body'], message: '[正文]不能为空（或填写原文链接）' });
  }
}
export const articleAddBody = z
  .object({ ...articleFields, published: boolean('发布').default(false), idempotencyKey: createKey })
  .superRefine(articleComplete);
export const articleEditBody = z.object({ id: id('文章'), ...articleFields }).superRefine(articleComplete);
export const articleAdminSummary = z.object({
  id: z.number().int(),
  rid: z.string(),
  type: articleType,
  title: z.string(),
  img: z.string(),
  publishedOn: isoDate,
  published: z.boolean(),
  removed: z.boolean(),
  views: z.number().int(),
});
export const articleAdminDetail = articleAdminSummary.extend({
  sketch: z.string(),
  body: z.string(),
  source: z.string(),
  company: z.string(),
  code: z.string(),
  content: z.string(),
});
export type ArticleAdminDetail = z.infer<typeof articleAdminDetail>;

// ---- site pages ----------------------------------------------------------

export const sitePageAdminSummary = z.object({ key: sitePageKey, title: z.string(), updated: isoDate });
export const sitePageAdmin = sitePageAdminSummary.extend({
  /** As stored: {{figure}} placeholders unfilled (content.ts SITE_PAGE_FIGURES). */
  body: z.string(),
});
export const sitePageKeyQuery = z.object({ key: sitePageKey });
export const sitePageEditBody = z.object({ key: sitePageKey, title: text('标题', { max: 60 }), body: richText('正文', 200_000) });

// ---- partners ------------------------------------------------------------

const partnerFields = { name: text('名称', { max: 60 }), img: imagePath('标志'), url: linkUrl('链接', false).optional().default(''), sort };
export const partnerAddBody = z.object({ ...partnerFields, idempotencyKey: createKey });
export const partnerEditBody = z.object({ id: id('合作机构'), ...partnerFields });
export const partnerAdmin = z.object({ id: z.number().int(), name: z.string(), img: z.string(), url: z.string(), sort: z.number().int() });

// ---- promo popup ---------------------------------------------------------

/** The popup as stored (setting homePopup): shown when enabled and inside its window. */
export const popupSetting = z
  .object({
    enabled: boolean('启用').default(true),
    img: imagePath('图片'),
    title: text('标题', { max: 60 }),
    url: linkUrl('链接'),
    ...windowFields,
  })
  .refine(windowOrdered, WINDOW_MESSAGE);
export type PopupSetting = z.infer<typeof popupSetting>;
export const popupAdmin = z.object({
  popup: z
    .object({
      enabled: z.boolean(),
      img: z.string(),
      title: z.string(),
      url: z.string(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    })
    .nullable(),
  active: z.boolean(),
});

// ---- uploads -------------------------------------------------------------

/** What an upload became (ADR 0037): the /upload path to put into a banner, item or article, and its pixel size. */
export const mediaUploadResult = z.object({
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  type: z.enum(['image/jpeg', 'image/png']),
});
export type MediaUploadResult = z.infer<typeof mediaUploadResult>;
