// What other modules use (invoice, sampling)
export { finalAmountsOf } from './lab.service.ts';
export { moveSamples } from './sample.service.ts';

// The lab's parts of the order's detail, which src/ports.ts plugs into the order's port (ADR 0060)
export { labOrderDetailParts } from './order-detail-parts.ts';

// Domain events and the reactions subscribers.ts wires to them
export { ORDER_ADJUSTED } from './lab-events.ts';
export { afterOrderMove } from './sample.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { labRoutes } from './lab.routes.ts';
export { sampleKeepJobs } from './sample-keep.service.ts';

// For the demo data (db/seed)
export { reviewResult, uploadResult } from './result-file.service.ts';
export { adminReturn } from './lab.service.ts';
