// What other modules use (cluster, evaluation, invite, invoice, payment, promotion)
export { mailOnce, notifySite, remindOverdue } from './notify.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { notifyMove } from './notify.service.ts';

// The port the composition root (src/ports.ts) plugs each message's order next steps into (ADR 0062)
export { MESSAGE_ORDER_NEXT, type MessageOrderNext } from './message-next-port.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { messageRoutes, noticeOutboxRoutes } from './notify.routes.ts';
export { createMailProvider, notifyJobs } from './notify.service.ts';
