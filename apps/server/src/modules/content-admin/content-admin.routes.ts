import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import {
  addArticle,
  articleAdminDetail,
  editArticle,
  listArticlesAdmin,
  removeArticle,
  setArticlePublished,
} from './article-admin.service.ts';
import { addBanner, editBanner, listBanners, removeBanner, sortBanners } from './banner.service.ts';
import { editSitePage, listSitePages, sitePageAdmin } from './page-admin.service.ts';
import { addPartner, editPartner, listPartners, removePartner, sortPartners } from './partner.service.ts';
import { popupDetail, savePopup } from './popup.service.ts';
import { createOnce } from '../ledger/index.ts';

/** The console's content (issue 8); declared in @yance/contracts/api/content-admin. */
export const contentAdminRoutes = (ctx: AppContext) =>
  ({
    bannerList: () => listBanners(ctx),
    bannerAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'banner/add', body, (t, form) => addBanner(t, { caller: staff, ip }, form)),
    bannerEdit: ({ staff, ip, body }) => editBanner(ctx, { caller: staff, ip }, body),
    bannerSort: ({ staff, ip, body }) => sortBanners(ctx, { caller: staff, ip }, body.ids),
    bannerRemove: ({ staff, ip, body }) => removeBanner(ctx, { caller: staff, ip }, body.id),
    articleAdminList: ({ query }) => listArticlesAdmin(ctx, query),
    articleAdminDetail: ({ query }) => articleAdminDetail(ctx, query.id),
    articleAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'article/add', body, (t, form) => addArticle(t, { caller: staff, ip }, form)),
    articleEdit: ({ staff, ip, body }) => editArticle(ctx, { caller: staff, ip }, body),
    articlePublish: ({ staff, ip, body }) => setArticlePublished(ctx, { caller: staff, ip }, body.id, true),
    articleUnpublish: ({ staff, ip, body }) => setArticlePublished(ctx, { caller: staff, ip }, body.id, false),
    articleRemove: ({ staff, ip, body }) => removeArticle(ctx, { caller: staff, ip }, body.id),
    sitePageAdminList: () => listSitePages(ctx),
    sitePageAdminDetail: ({ query }) => sitePageAdmin(ctx, query.key),
    sitePageEdit: ({ staff, ip, body }) => editSitePage(ctx, { caller: staff, ip }, body),
    partnerList: () => listPartners(ctx),
    partnerAdd: ({ staff, ip, body }) =>
      createOnce(ctx, { staffId: staff.id }, 'partner/add', body, (t, form) => addPartner(t, { caller: staff, ip }, form)),
    partnerEdit: ({ staff, ip, body }) => editPartner(ctx, { caller: staff, ip }, body),
    partnerSort: ({ staff, ip, body }) => sortPartners(ctx, { caller: staff, ip }, body.ids),
    partnerRemove: ({ staff, ip, body }) => removePartner(ctx, { caller: staff, ip }, body.id),
    popupDetail: () => popupDetail(ctx),
    popupSave: ({ staff, ip, body }) => savePopup(ctx, { caller: staff, ip }, body),
  }) satisfies Handlers;
