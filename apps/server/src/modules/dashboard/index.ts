// Routes, jobs and providers that app.ts mounts and starts
export { dashboardRoutes } from './dashboard.routes.ts';
