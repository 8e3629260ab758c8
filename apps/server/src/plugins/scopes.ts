import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scopePrefix, type Scope } from '@yance/contracts/routes';
import { AppError } from '../lib/app-error.ts';
import { customerGuard, staffGuard, type StaffResolver, type TokenResolver } from './auth.ts';
import { PERSONAL_CACHE_CONTROL, registerEndpoints, type Handlers } from './endpoints.ts';
import { guardedMultipart } from './multipart.ts';
import { keepCallbackBodies } from './callback-body.ts';

/** A registered route as the scope check sees it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The scope registerEndpoints gave it; undefined for routes outside the API. */
  scope: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order (the scope test walks it). */
    routeTable: readonly RouteEntry[];
  }
}

/** The API documentation pages: public, read-only, and not calls of the API. */
const DOCS = /^\/api\/docs(\/|$)/;

/**
 * Why a route breaks the scope rule, or null: every route under /api is
 * registered by registerEndpoints in the scope its path names.
 */
export function scopeProblem(r: RouteEntry): string | null {
  const api = /^\/api(\/|$)/i.test(r.url);
  if (!api || DOCS.test(r.url)) return null;
  if (!r.scope) return `route ${r.method} ${r.url} is under /api but in no scope`;
  if (!r.url.toLowerCase().startsWith(`/api/${r.scope}/`)) return `route ${r.method} ${r.url} is registered in scope ${r.scope}`;
  return null;
}

/** Answers of the signed-in scopes are personal: no browser or proxy may keep them. */
function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  reply.header('cache-control', PERSONAL_CACHE_CONTROL);
  done(null, payload);
}

/** An unknown path or method inside a scope. */
async function unknownCall(): Promise<never> {
  throw new AppError('NOT_FOUND', '接口不存在');
}

/**
 * Every scope ends in a catch-all route of its own, so an unknown path or
 * method under a guarded scope runs that scope's guard first and tells an
 * anonymous caller nothing (and the web app's fallback never answers /api).
 */
function catchAll(app: FastifyInstance, scope: Scope) {
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    config: { scope },
    schema: { hide: true },
    handler: unknownCall,
  });
}

/**
 * The three API scopes (ADR 0009). Each is a Fastify plugin with its own
 * prefix whose onRequest hook is its guard, so a route is guarded by the
 * scope it is registered in, never by comparing URL strings.
 */
export async function apiScopes(
  app: FastifyInstance,
  opts: {
    handlers: Handlers;
    resolveToken: TokenResolver;
    resolveStaff: StaffResolver;
    uploadMaxBytes: number;
    /** Told of every answered call of the signed-in customer, once its handler is done, before the answer is sent. */
    customerCallAnswered?: (request: FastifyRequest) => void;
  },
) {
  await app.register(
    async (open) => {
      // The official account's callback pushes XML; kept as text for the WeChat module.
      open.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      // The payment gateways sign their callbacks' bytes: kept as sent for the payment module (ADR 0050).
      keepCallbackBodies(open);
      registerEndpoints(open, 'open', opts.handlers);
      catchAll(open, 'open');
    },
    { prefix: scopePrefix('open') },
  );
  await app.register(
    async (auth) => {
      auth.addHook('onRequest', customerGuard(opts.resolveToken));
      // One hook for both (a hook more is a step more of Fastify's chain on every call).
      const answered = opts.customerCallAnswered;
      auth.addHook('onSend', (request, reply, payload, done) => {
        answered?.(request);
        noStore(request, reply, payload, done);
      });
      await guardedMultipart(auth, opts.uploadMaxBytes);
      registerEndpoints(auth, 'auth', opts.handlers);
      catchAll(auth, 'auth');
    },
    { prefix: scopePrefix('auth') },
  );
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', staffGuard(opts.resolveStaff));
      admin.addHook('onSend', noStore);
      await guardedMultipart(admin, opts.uploadMaxBytes);
      registerEndpoints(admin, 'admin', opts.handlers);
      catchAll(admin, 'admin');
    },
    { prefix: scopePrefix('admin') },
  );
}
