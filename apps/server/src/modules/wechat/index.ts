// Domain events and the reactions subscribers.ts wires to them
export { purgeExpiredTickets } from './wechat.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { wechatRoutes } from './wechat.routes.ts';
