// What other modules use (account, customer, staff, wechat)
export {
  customer,
  endAllSessions,
  endOtherSessions,
  endSession,
  hashToken,
  keptCustomer,
  recentLogins,
  refreshSession,
  resolveToken,
  staff,
  startSession,
  startStaffSession,
  userAgentOf,
} from './session.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { purgeExpiredSessions } from './session.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { resolveAccessToken } from './session.service.ts';
