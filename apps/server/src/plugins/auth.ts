import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: number;
  /** The session the token belongs to (logout revokes it). */
  sessionId: number;
}

/** Resolves an access token (from the `token` header) to a user, or null. Accounts implement it. */
export type TokenResolver = (token: string, request: FastifyRequest) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on /api/auth/* routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The token travels in a header named `token` (spec §7, ADR 0003). Every
 * /api/auth/* route is guarded; the resolver comes from the accounts module.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { resolveToken: TokenResolver }) => {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const raw = request.headers.token;
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) throw new AppError('UNAUTHENTICATED', '请先登录');
    const user = await opts.resolveToken(token, request);
    if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
    request.user = user;
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/auth/')) await app.requireUser(request);
  });
});
