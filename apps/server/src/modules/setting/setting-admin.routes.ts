import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { saveWebSetting, settingAdminDetail } from './setting-admin.service.ts';
import { saveServiceAgreement } from './service-agreement.service.ts';

/** The console's web settings (spec §3); declared in @yance/contracts/api/setting-admin. */
export const settingAdminRoutes = (ctx: AppContext) =>
  ({
    settingAdminDetail: () => settingAdminDetail(ctx),
    settingAllowRegionSave: ({ staff, ip, body }) => saveWebSetting(ctx, staff, 'allowRegion', body.allowRegion, ip),
    settingSamplingSave: ({ staff, ip, body }) => saveWebSetting(ctx, staff, 'samplingSetting', body.samplingSetting, ip),
    settingLocalInfoSave: ({ staff, ip, body }) => saveWebSetting(ctx, staff, 'localInfo', body.localInfo, ip),
    settingLabCalendarSave: ({ staff, ip, body }) => saveWebSetting(ctx, staff, 'labCalendar', body.labCalendar, ip),
    settingLabReviewSave: ({ staff, ip, body }) => saveWebSetting(ctx, staff, 'labReview', body.labReview, ip),
    settingAgreementSave: ({ staff, ip, body }) => saveServiceAgreement(ctx, staff, body, ip),
  }) satisfies Handlers;
