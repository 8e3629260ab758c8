// Routes, jobs and providers that app.ts mounts and starts
export { seoRoutes } from './seo.routes.ts';
