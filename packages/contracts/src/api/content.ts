import { z } from 'zod';
import { articleDetail, articleDetailQuery, articleListQuery, articleListResponse, sitePage, sitePageQuery } from '../content.ts';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { settingList4KeyBody, settingList4KeyResponse, webSettings } from '../setting.ts';
import { serviceAgreement } from '../service-agreement.ts';

/** Articles, site pages, settings and the liveness call. */
export const contentEndpoints = {
  articleList: {
    ...routes.articleList,
    summary: '文章列表（新闻、课程、能力展示、客户致谢），按日期倒序',
    query: articleListQuery,
    response: articleListResponse,
  },
  articleDetail: {
    ...routes.articleDetail,
    summary: '文章详情（阅读数加一，含同类上一篇/下一篇）',
    query: articleDetailQuery,
    response: articleDetail,
  },
  sitePage: {
    ...routes.sitePage,
    summary: '站点页面（公司简介、企业文化、招贤纳士、下单指南、用户协议、隐私政策、能力展示、发布需求、资质证书）',
    query: sitePageQuery,
    response: sitePage,
  },
  setting: { ...routes.setting, summary: '网站设置（上门取样区域、取样设置、联系方式）', response: webSettings },
  settingList4key: {
    ...routes.settingList4key,
    summary: '按键读取网站设置',
    description: 'keys 为数组，或逗号分隔的字符串（表单提交）。',
    body: settingList4KeyBody,
    response: settingList4KeyResponse,
  },
  serviceAgreement: {
    ...routes.serviceAgreement,
    summary: '检测服务协议（院校客户下单时阅读并勾选同意）：名称、正文、版本与更新时间',
    description: '控制台每保存一次即为新版本；order/add 须带上当前版本号（agreementVersion），否则拒绝并提示重新阅读。',
    response: serviceAgreement,
  },
  ping: { ...routes.ping, summary: '存活检查', response: z.object({ pong: z.literal(true) }) },
} as const satisfies Record<string, Endpoint>;
