// What other modules use (content, content-admin, home; also subscribers.ts: 已下单 counts paid orders)
export { SHOWCASE_CHANGED } from './catalog-events.ts';
export { countOrderPaid, foldPaidOrders, listHotItems, listPrefectures, listTypeGroups } from './catalog.service.ts';
// The promotion rules (优惠活动, issue 21): order/add and coupon/usable price by them, promotion edits them
export { refreshDiscountLabels, targetsExist } from './discount-labels.service.ts';
export { discountsFor, getPriceRules } from './price-rules.service.ts';

// The port the composition root (src/ports.ts) plugs the order's 新客户首单 answer into (issue 21)
export { CUSTOMER_FIRST_ORDER, type CustomerFirstOrder } from './first-order-port.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { catalogAdminRoutes } from './catalog-admin.routes.ts';
export { catalogRoutes } from './catalog.routes.ts';
export { catalogJobs } from './catalog.service.ts';

// For the demo data (db/seed) and the search benchmark (scripts/bench)
export { insertDevices, type NewDevice } from './catalog-search.repository.ts';
