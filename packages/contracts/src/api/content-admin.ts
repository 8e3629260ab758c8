import { z } from 'zod';
import {
  articleAddBody,
  articleAdminDetail,
  articleAdminQuery,
  articleAdminSummary,
  articleEditBody,
  bannerAddBody,
  bannerAdmin,
  bannerEditBody,
  idBody,
  mediaUploadResult,
  partnerAddBody,
  partnerAdmin,
  partnerEditBody,
  popupAdmin,
  popupSetting,
  sitePageAdmin,
  sitePageAdminSummary,
  sitePageEditBody,
  sitePageKeyQuery,
  sortBody,
} from '../content-admin.ts';
import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

/** The console's content: banners, articles, site pages, partners, the promo popup, uploads (issue 8). */
export const contentAdminEndpoints = {
  bannerList: { ...routes.bannerList, summary: '轮播图列表（全部，含停用与不在展示期的）', response: z.array(bannerAdmin) },
  bannerAdd: { ...routes.bannerAdd, summary: '新增轮播图（可设展示期）', body: bannerAddBody, response: bannerAdmin, success: '已新增' },
  bannerEdit: { ...routes.bannerEdit, summary: '修改轮播图（含启用/停用、展示期）', body: bannerEditBody, response: bannerAdmin, success: '已保存' },
  bannerSort: { ...routes.bannerSort, summary: '轮播图排序（按给出的编号顺序）', body: sortBody('轮播图'), response: z.array(bannerAdmin), success: '已排序' },
  bannerRemove: { ...routes.bannerRemove, summary: '删除轮播图', body: idBody('轮播图'), response: z.null(), success: '已删除' },
  articleAdminList: {
    ...routes.articleAdminList,
    summary: '文章列表（新闻、课程、能力展示、客户致谢；按类型、状态、标题关键词筛选）',
    query: articleAdminQuery,
    response: page(articleAdminSummary),
  },
  articleAdminDetail: { ...routes.articleAdminDetail, summary: '文章详情（编辑用，不计阅读数）', query: idBody('文章'), response: articleAdminDetail },
  articleAdd: {
    ...routes.articleAdd,
    summary: '新增文章（正文经服务器清洗后保存；默认为草稿）',
    body: articleAddBody,
    response: articleAdminDetail,
    success: '已新增',
  },
  articleEdit: { ...routes.articleEdit, summary: '修改文章', body: articleEditBody, response: articleAdminDetail, success: '已保存' },
  articlePublish: { ...routes.articlePublish, summary: '发布文章', body: idBody('文章'), response: articleAdminDetail, success: '已发布' },
  articleUnpublish: { ...routes.articleUnpublish, summary: '撤回文章（转为草稿）', body: idBody('文章'), response: articleAdminDetail, success: '已撤回' },
  articleRemove: {
    ...routes.articleRemove,
    summary: '删除文章（从网站隐藏，记录保留）',
    body: idBody('文章'),
    response: articleAdminDetail,
    success: '已删除',
  },
  sitePageAdminList: { ...routes.sitePageAdminList, summary: '站点页面列表', response: z.array(sitePageAdminSummary) },
  sitePageAdminDetail: {
    ...routes.sitePageAdminDetail,
    summary: '站点页面原文（{{items}} 等占位符未替换）',
    query: sitePageKeyQuery,
    response: sitePageAdmin,
  },
  sitePageEdit: {
    ...routes.sitePageEdit,
    summary: '修改站点页面（正文经服务器清洗；{{items}}、{{categories}}、{{cases}}、{{thanks}} 读取时填入实时数字）',
    body: sitePageEditBody,
    response: sitePageAdmin,
    success: '已保存',
  },
  partnerList: { ...routes.partnerList, summary: '合作机构列表', response: z.array(partnerAdmin) },
  partnerAdd: { ...routes.partnerAdd, summary: '新增合作机构', body: partnerAddBody, response: partnerAdmin, success: '已新增' },
  partnerEdit: { ...routes.partnerEdit, summary: '修改合作机构', body: partnerEditBody, response: partnerAdmin, success: '已保存' },
  partnerSort: { ...routes.partnerSort, summary: '合作机构排序', body: sortBody('合作机构'), response: z.array(partnerAdmin), success: '已排序' },
  partnerRemove: { ...routes.partnerRemove, summary: '删除合作机构', body: idBody('合作机构'), response: z.null(), success: '已删除' },
  popupDetail: { ...routes.popupDetail, summary: '首页弹窗（及此刻是否展示）', response: popupAdmin },
  popupSave: { ...routes.popupSave, summary: '保存首页弹窗（图片、链接、展示期）', body: popupSetting, response: popupAdmin, success: '已保存' },
  mediaUpload: {
    ...routes.mediaUpload,
    summary: '上传图片（JPEG、PNG、WebP、AVIF、GIF；按文件内容识别，重新编码后保存）',
    description:
      'multipart/form-data，字段 file。SVG 与其他类型拒收；图片最长边缩至 2560 像素以内，去掉元数据，存为 JPEG（不透明）或 PNG（有透明）。返回的 path 可填入轮播图、项目、文章。',
    response: mediaUploadResult,
    success: '上传成功',
  },
} as const satisfies Record<string, Endpoint>;
