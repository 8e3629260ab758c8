// What other modules use (invoice, order, sampling)
export { finalAmountsOf, labDetailOf, trackingOf } from './lab.service.ts';
export { adminFiles, customerFiles } from './result-file.service.ts';
export { moveSamples } from './sample.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { ORDER_ADJUSTED } from './lab-events.ts';
export { afterOrderMove } from './sample.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { labRoutes } from './lab.routes.ts';
export { sampleKeepJobs } from './sample-keep.service.ts';

// For the demo data (db/seed)
export { reviewResult, uploadResult } from './result-file.service.ts';
