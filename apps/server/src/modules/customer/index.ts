// What other modules use (user)
export { attestationMachine, attestationSet } from './attestation.service.ts';
export { assignNextManager, ensureManager, managerCardOf } from './manager.service.ts';
// A part of user/info's one statement (ADR 0067)
export { activeManagerCardJson } from './customer.repository.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { customerRoutes } from './customer.routes.ts';

// For the demo data (db/seed)
export { reviewAttestation } from './customer.service.ts';
