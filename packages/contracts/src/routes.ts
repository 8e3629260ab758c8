// Every call of the API by name: the storefront's and the console's tables joined
// (server, tests, docs). A browser bundle imports its own table instead (api-client.ts).
import { adminRoutes } from './admin-routes.ts';
import { shopRoutes } from './shop-routes.ts';

export * from './route.ts';
export { adminRoutes, shopRoutes };

export const routes = { ...shopRoutes, ...adminRoutes } as const;

export type RouteName = keyof typeof routes;
