// What other modules use (customer, invoice, sampling, user)
export { getAddresses, owned } from './address.service.ts';
// A part of user/info's one statement (ADR 0067)
export { addressListJson } from './address.repository.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { addressRoutes } from './address.routes.ts';

// For the demo data (db/seed)
export { addAddress } from './address.service.ts';
