// What other modules use (catalog, cluster, content-admin, coupon, customer, evaluation, invite, job, lab, media, order, payment, promotion, reservation, setting, staff)
export { type Actor, changesOf, recordAudit, SYSTEM } from './audit.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { recordMove } from './audit.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { auditRoutes } from './audit.routes.ts';
