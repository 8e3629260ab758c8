import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { getSettings, getWebSettings } from './setting.service.ts';
import { serviceAgreementOf } from './service-agreement.service.ts';

/** Web settings (spec §3); declared in @yance/contracts/api/content. */
export const settingRoutes = (ctx: AppContext) =>
  ({
    setting: () => getWebSettings(ctx),
    settingList4key: ({ body }) => getSettings(ctx, body.keys),
    serviceAgreement: () => serviceAgreementOf(ctx),
  }) satisfies Handlers;
