// What other modules use (account, cluster, coupon, invite, promotion, wechat; also db/seed)
export {
  bindOpenid,
  createUser,
  findUserByAccount,
  findUserByInviteCode,
  findUserByOpenid,
  findUserByPhone,
  getUser,
  inviterOf,
  setPasswordHash,
  setPhone,
  type User,
} from './user.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { CUSTOMER_REGISTERED } from './user-events.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { userRoutes } from './user.routes.ts';
export { createUserInfoCache, forgetUserInfoAfterCall, USER_INFO_CHANNEL, type UserInfoCache } from './user.service.ts';

// For the demo data (db/seed)
export { updateProfile } from './user.service.ts';
