// What other modules use (payment)
export { groupForReader, joinedClusters, lockGroupForMoney, spendFromLimit } from './cluster.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { clusterRoutes } from './cluster.routes.ts';
