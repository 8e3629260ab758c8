// What a call's route is, and its URL (zod-free). The tables are shop-routes.ts
// (open and auth calls) and admin-routes.ts (the console's), joined in routes.ts.
import type { MoveKey } from './machines.ts';
import type { AdminAccess } from './staff.ts';

/**
 * The three API scopes (ADR 0009). A call's scope decides its guard on the
 * server: `open` for anyone, `auth` for a signed-in customer, `admin` for staff.
 */
export type Scope = 'open' | 'auth' | 'admin';
export type Method = 'GET' | 'POST';

export interface Route {
  method: Method;
  scope: Scope;
  /** Path inside the scope; the URL is /api/<scope><path>. */
  path: `/${string}`;
  /**
   * Admin scope only, and required there (ADR 0032): the permission the call
   * needs (staff.ts PERMISSIONS), 'signedIn' for any staff member, or
   * 'anyone' for the calls that come before a token (sign-in, refresh).
   */
  access?: AdminAccess;
  /**
   * The transitions the call takes (ADR 0058): its access must be a permission their table's `by` names
   * (contracts' machines.test.ts ties them), so the route's guard and the table cannot drift apart.
   */
  moves?: MoveKey | readonly MoveKey[];
}

/** Where a scope's calls live: /api/<scope>. */
export const scopePrefix = (scope: Scope): `/api/${Scope}` => `/api/${scope}`;

/** The URL of a call: /api/<scope><path>. */
export const urlOf = (route: Route): string => `${scopePrefix(route.scope)}${route.path}`;
