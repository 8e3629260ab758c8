// What other modules use (invoice)
export { SHOP_NAME } from './contract.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { contractRoutes } from './contract.routes.ts';
