// Routes, jobs and providers that app.ts mounts and starts
export { demandRoutes } from './demand.routes.ts';
export { demandJobs } from './demand.service.ts';
