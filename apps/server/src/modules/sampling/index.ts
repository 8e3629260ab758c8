// Domain events and the reactions subscribers.ts wires to them
export { samplingNextFacts } from './sampling-next.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { pickupRoutes } from './pickup.routes.ts';
export { samplingRoutes } from './sampling.routes.ts';

// For the demo data (db/seed)
export { assignPickup } from './pickup.service.ts';
export { addSampling } from './sampling.service.ts';
