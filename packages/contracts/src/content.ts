import { z } from 'zod';
import { page, pagingQuery } from './paging.ts';

/**
 * Kinds of editorial content. news 新闻, course 课程, service 能力展示案例
 * (service cases), thanks 致谢. They share one list/detail call.
 */
export const ARTICLE_TYPES = ['news', 'course', 'service', 'thanks'] as const;
export const articleType = z.enum(ARTICLE_TYPES, { error: '[类型]只能是news、course、service或thanks' });
export type ArticleType = z.infer<typeof articleType>;
export const ARTICLE_TYPE_NAMES: Record<ArticleType, string> = {
  news: '新闻动态',
  course: '培训课程',
  service: '能力展示',
  thanks: '客户致谢',
};

/** Date as the site shows it: YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const articleSummary = z.object({
  rid: z.string(),
  type: articleType,
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  created: isoDate,
  /** External original; when empty the article is read at /article/:rid. */
  source: z.string(),
  /** thanks: author info (spec §3 company). */
  company: z.string(),
  /** thanks: journal info (spec §3 code). */
  code: z.string(),
  /** thanks: acknowledgement text (spec §3 content). */
  content: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleDetail = articleSummary.extend({
  body: z.string(),
  views: z.number().int(),
  prev: z.object({ rid: z.string(), title: z.string() }).nullable(),
  next: z.object({ rid: z.string(), title: z.string() }).nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleListQuery = pagingQuery.extend({ type: articleType });
export const articleListResponse = page(articleSummary);
export const articleDetailQuery = z.object({
  rid: z.string({ error: '[文章编号]不能为空' }).trim().min(1, '[文章编号]不能为空').max(32, '[文章编号]格式不正确'),
});

/** Static pages: about (profile, culture, recruit), guide, license, policy, televised, require, certificates (资质证书). */
export const SITE_PAGE_KEYS = [
  'profile',
  'culture',
  'recruit',
  'guide',
  'license',
  'policy',
  'televised',
  'require',
  'certificates',
] as const;
export const sitePageKey = z.enum(SITE_PAGE_KEYS, { error: '[页面]不存在' });
export type SitePageKey = z.infer<typeof sitePageKey>;
export const sitePageQuery = z.object({ key: sitePageKey });

/**
 * Live figures a site page's text may name as {{key}}: the server writes the
 * number in each time the page is read, so a count typed into one page can
 * never disagree with another (能力展示 counts the same data).
 */
export const SITE_PAGE_FIGURES = {
  items: '在线服务项目数',
  categories: '项目分类数',
  cases: '服务案例数',
  thanks: '论文致谢数',
} as const;
export type SitePageFigure = keyof typeof SITE_PAGE_FIGURES;
export const sitePage = z.object({ key: sitePageKey, title: z.string(), body: z.string(), updated: isoDate });
export type SitePage = z.infer<typeof sitePage>;
