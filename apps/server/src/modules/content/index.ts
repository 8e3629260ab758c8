// What other modules use (home)
export { latestArticles } from './content.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { contentRoutes } from './content.routes.ts';
