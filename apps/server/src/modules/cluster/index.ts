// What other modules use (payment)
export { groupForReader, joinedClusters, lockGroupForMoney, lockGroupRow, spendFromLimit } from './cluster.service.ts';
export { adminClusterDetail } from './cluster-admin.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { clusterRoutes } from './cluster.routes.ts';
