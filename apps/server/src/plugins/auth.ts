import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@yance/contracts/staff';
import { TOTP_ENROL_FIRST } from '@yance/contracts/staff-security';
import type { AuthUser, StaffCaller } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { EndpointConfig } from './endpoints.ts';

export type { AuthUser };

/**
 * Resolves an access token (from the `token` header) to a customer, or null. Sessions implement it, answering at once
 * (no promise) for a session their process keeps (ADR 0073, 0081).
 */
export type TokenResolver = (token: string, request: FastifyRequest) => AuthUser | null | Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the customer scope's guard; null elsewhere. */
    user: AuthUser | null;
    /** Set by the admin scope's guard; null elsewhere and on the calls anyone may make. */
    staff: StaffCaller | null;
  }
}

/** The token travels in a header named `token` (spec §7, ADR 0003). */
export function tokenOf(request: { headers: IncomingHttpHeaders }): string | undefined {
  const raw = request.headers.token;
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * The onRequest guard of the /api/auth scope (ADR 0009): every route
 * registered in that scope, and its 404s, run it, whatever the URL looked like.
 */
export const customerGuard =
  (resolveToken: TokenResolver) => (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const token = tokenOf(request);
    if (!token) return done(new AppError('UNAUTHENTICATED', '请先登录'));
    const admit = (user: AuthUser | null) => {
      if (!user) return done(new AppError('UNAUTHENTICATED', '登录已过期，请重新登录'));
      request.user = user;
      done();
    };
    // A callback hook: a kept session admits the call without a promise; one read from the database waits for it.
    let found: ReturnType<TokenResolver>;
    try {
      found = resolveToken(token, request);
    } catch (err) {
      return done(err as Error);
    }
    if (found instanceof Promise) found.then(admit, done);
    else admit(found);
  };

/** Resolves a staff access token to an enabled staff member and their roles, or null (ADR 0032). */
export type StaffResolver = (token: string, request: FastifyRequest) => Promise<StaffCaller | null>;

/**
 * The onRequest guard of the /api/admin scope (ADR 0032). The matched route
 * declares who may call it: 'anyone' passes (sign-in, refresh); everything
 * else — the scope's unknown paths included — needs a live staff token (a
 * customer's is unknown here), and a permission must be held by the staff
 * member's roles. A member who must enrol TOTP first (ADR 0038) reaches only
 * the 'signedIn' calls (who am I, enrolment, own password, logout).
 */
export const staffGuard = (resolveStaff: StaffResolver) => async (request: FastifyRequest) => {
  const access = (request.routeOptions.config as Partial<EndpointConfig>).access ?? 'signedIn';
  if (access === 'anyone') return;
  const token = tokenOf(request);
  if (!token) throw new AppError('UNAUTHENTICATED', '请先登录');
  const staff = await resolveStaff(token, request);
  if (!staff) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  if (access !== 'signedIn' && staff.enrolOnly) throw new AppError('FORBIDDEN', TOTP_ENROL_FIRST);
  if (access !== 'signedIn' && !can(staff.roles, access)) throw new AppError('FORBIDDEN', '无权限');
  request.staff = staff;
};
