// What other modules use (account, notify, wechat)
export { deliverNotice, newSmsChallenge, queueNotice, redeemChallenge, sendCode, verifyCode } from './sms.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { purgeExpiredSms } from './sms.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { smsRoutes } from './sms.routes.ts';
export { createSmsProvider, smsJobs } from './sms.service.ts';
