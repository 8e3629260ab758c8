// What other modules use (account, cluster, sms)
export { limit, retryIn } from './rate-limit.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { purgeCounters } from './rate-limit.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { createRateCounter } from './rate-limit.service.ts';
