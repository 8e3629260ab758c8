// What other modules use (sampling)
export { staffHolding, staffMember } from './staff.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { prepareFirstAdmin } from './first-admin.service.ts';
export { staffSecurityRoutes } from './staff-security.routes.ts';
export { staffRoutes } from './staff.routes.ts';
export { resolveStaff } from './staff.service.ts';

// For the demo data (db/seed)
export { demoCaller, demoStaff } from './staff.service.ts';
