// Routes, jobs and providers that app.ts mounts and starts
export { contentAdminRoutes } from './content-admin.routes.ts';
