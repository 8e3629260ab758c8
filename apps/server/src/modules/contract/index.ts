// What other modules use (invoice)
export { SHOP_NAME } from './contract.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { contractNextFacts } from './contract-next.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { contractRoutes } from './contract.routes.ts';
