// What other modules use (cluster, evaluation, invite, invoice, payment, promotion)
export { mailOnce, notifySite, remindOverdue } from './notify.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { notifyMove } from './notify.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { messageRoutes, noticeOutboxRoutes } from './notify.routes.ts';
export { createMailProvider, notifyJobs } from './notify.service.ts';
