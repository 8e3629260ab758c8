// What other modules use (staff; also db/seed, scripts/)
export { assertPasswordAllowed, verifyWithLockout, withLockout } from './account.service.ts';
export { hashPassword } from './password.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { accountRoutes } from './account.routes.ts';
