// What other modules use (catalog, content-admin, order, contract, coupon, home, invite, invoice, payment, promotion, reservation, sampling, turnaround; also db/seed)
export { replaceSetting, saveAuditedSetting } from './setting-admin.service.ts';
export { getSettings, getSettingValue } from './setting.service.ts';
// (order: the agreement an institution's order is placed under, ADR 0070)
export { serviceAgreementOf } from './service-agreement.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { settingAdminRoutes } from './setting-admin.routes.ts';
export { settingRoutes } from './setting.routes.ts';
