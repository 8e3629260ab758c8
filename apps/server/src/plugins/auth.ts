import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../context.ts';
import { AppError } from '../lib/app-error.ts';

export type { AuthUser };

/** Resolves an access token (from the `token` header) to a customer, or null. Sessions implement it. */
export type TokenResolver = (token: string, request: FastifyRequest) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the customer scope's guard; null elsewhere. */
    user: AuthUser | null;
  }
}

/** The token travels in a header named `token` (spec §7, ADR 0003). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.token;
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * The onRequest guard of the /api/auth scope (ADR 0009): every route
 * registered in that scope, and its 404s, run it, whatever the URL looked like.
 */
export const customerGuard = (resolveToken: TokenResolver) => async (request: FastifyRequest) => {
  const token = tokenOf(request);
  if (!token) throw new AppError('UNAUTHENTICATED', '请先登录');
  const user = await resolveToken(token, request);
  if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  request.user = user;
};
