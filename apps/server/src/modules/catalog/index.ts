// What other modules use (content, content-admin, home; also subscribers.ts: 已下单 counts paid orders)
export { SHOWCASE_CHANGED } from './catalog-events.ts';
export { countOrderPaid, foldPaidOrders, listHotItems, listPrefectures, listTypeGroups } from './catalog.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { catalogAdminRoutes } from './catalog-admin.routes.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { catalogJobs } from './catalog.service.ts';

// For the demo data (db/seed) and the search benchmark (scripts/bench)
export { insertDevices, type NewDevice } from './catalog-search.repository.ts';
