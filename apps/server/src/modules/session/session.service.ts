import { hash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@yance/contracts/account';
import type { LoginMethod } from '@yance/contracts/states';
import type { AppContext, AuthUser } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import {
  deleteSessionsExpiredBefore,
  dropStaleSeals,
  familyOf,
  findByAccess,
  findSession,
  insertLoginEvent,
  insertSession,
  lockCustomerForLogin,
  lockByRefresh,
  markRotated,
  notifyRevoked,
  principalColumns,
  principalOf,
  recentLoginEvents,
  revokeFamily,
  revokeUserSessions,
  type Principal,
  type PrincipalKind,
  type SessionRow,
} from './session.repository.ts';

export type { Principal, PrincipalKind };
export const customer = (id: number): Principal => ({ kind: 'customer', id });
export const staff = (id: number): Principal => ({ kind: 'staff', id });
import { tokenSeal } from './token-seal.ts';

/**
 * How long a rotated access token keeps working, for requests already in
 * flight, and how long a second use of a just-rotated refresh token answers
 * the same new pair instead of counting as theft (two tabs, ADR 0022):
 * REFRESH_GRACE_SECONDS, 30 by default.
 */
const graceOf = (ctx: AppContext) => ctx.config.REFRESH_GRACE_SECONDS;
const EXPIRED = '登录已过期，请重新登录';

const newToken = () => randomBytes(32).toString('base64url');
/**
 * Tokens are stored only as their SHA-256: a copy of the database cannot be replayed. Every signed-in call hashes its
 * token: the one-shot `hash` costs a third of a Hash object's (ADR 0081).
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

function freshPair(ctx: AppContext, ip: string) {
  const token = newToken();
  const refreshToken = newToken();
  const now = ctx.clock();
  const row = {
    ip,
    accessHash: hashToken(token),
    refreshHash: hashToken(refreshToken),
    accessExpiresAt: addSeconds(now, ctx.config.ACCESS_TOKEN_TTL),
    refreshExpiresAt: addSeconds(now, ctx.config.REFRESH_TOKEN_TTL),
  };
  return { row, pair: { token, refreshToken, expires: ctx.config.ACCESS_TOKEN_TTL } satisfies TokenPair };
}

async function issue(ctx: AppContext, principal: Principal, family: string, ip: string): Promise<TokenPair> {
  const { row, pair } = freshPair(ctx, ip);
  await insertSession(ctx.db, { ...row, ...principalColumns(principal), family, createdAt: ctx.clock() });
  return pair;
}

const sealOf = (ctx: AppContext) => tokenSeal(ctx.config.CODE_HASH_SECRET);

/** Where a customer's login comes from and how it was proven, for the login history (ADR 0035). */
export interface LoginClient {
  ip: string;
  userAgent: string;
  method: LoginMethod;
  /** The browser's device id (header x-device-id, ADR 0054); '' when it sent none. */
  deviceId?: string;
}

export const DISABLED_CUSTOMER = '该账号已被停用，如有疑问请联系客服';

/**
 * Starts a new login (a new token family) for the customer and records it in
 * the login history, in one transaction; a disabled account is refused
 * (ADR 0035). The user agent is cut to a sane length: it is the client's text.
 */
export async function startSession(ctx: AppContext, userId: number, client: LoginClient): Promise<TokenPair> {
  return ctx.tx(async (t) => {
    const account = await lockCustomerForLogin(t.db, userId);
    if (!account) throw new AppError('UNAUTHENTICATED', EXPIRED);
    if (account.disabled) throw new AppError('FORBIDDEN', DISABLED_CUSTOMER);
    const pair = await issue(t, customer(userId), randomUUID(), client.ip);
    await insertLoginEvent(t.db, {
      userId,
      at: t.clock(),
      ip: client.ip,
      method: client.method,
      userAgent: client.userAgent.slice(0, 256),
      deviceId: client.deviceId ?? '',
    });
    return pair;
  });
}

/** The request's User-Agent header, as the login history keeps it. */
export const userAgentOf = (request: { headers: Record<string, string | string[] | undefined> }): string => {
  const raw = request.headers['user-agent'];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
};

/** The customer's latest logins, newest first (the console's customer page). */
export const recentLogins = (ctx: AppContext, userId: number, limit = 20) => recentLoginEvents(ctx.db, userId, limit);

/** Starts a new login (a new token family) for the staff member. */
export const startStaffSession = (ctx: AppContext, staffId: number, ip: string) => issue(ctx, staff(staffId), randomUUID(), ip);

/**
 * A live access token of this kind → its principal's id and session; a token of the other kind is unknown here.
 * Answered from the process's session cache when it holds the token, else read (one index lookup) and kept there
 * (ADR 0073).
 */
export function resolveToken(ctx: AppContext, token: string, kind: PrincipalKind): AuthUser | null | Promise<AuthUser | null> {
  if (token.length > MAX_TOKEN) return null;
  const hash = hashToken(token);
  const key = cacheKeyOf(hash, kind);
  const now = ctx.clock();
  // Kept: answered at once, no promise (the guard is a callback hook).
  return keptUnder(ctx, key, now.getTime()) ?? readSession(ctx, hash, key, now, kind);
}

const MAX_TOKEN = 256;
const cacheKeyOf = (hash: string, kind: PrincipalKind) => (kind === 'customer' ? hash : `staff:${hash}`);
function keptUnder(ctx: AppContext, key: string, now: number): AuthUser | undefined {
  const kept = ctx.sessionCache.get(key, now);
  return kept && { id: kept.principalId, sessionId: kept.id };
}

/**
 * A customer's access token → the customer, only when the process keeps its session (no read): what the guard admits
 * at once, for the answers written before Fastify (ADR 0083). Undefined means "ask the guard", not "refused".
 */
export const keptCustomer = (ctx: AppContext, token: string): AuthUser | undefined =>
  token.length > MAX_TOKEN ? undefined : keptUnder(ctx, cacheKeyOf(hashToken(token), 'customer'), ctx.clock().getTime());

async function readSession(ctx: AppContext, hash: string, key: string, now: Date, kind: PrincipalKind): Promise<AuthUser | null> {
  const cache = ctx.sessionCache;
  const ticket = cache.ticket();
  const row = await findByAccess(ctx.db, hash, now, kind);
  if (!row) return null;
  cache.put(key, ticket, { id: row.id, principalId: row.principalId }, now.getTime(), row.accessExpiresAt.getTime());
  return { id: row.principalId, sessionId: row.id };
}

/**
 * Sessions revoked or changed in ctx's transaction (or just now, outside one): every process forgets them when it
 * commits — the others through the NOTIFY, this one also at once after the commit (ADR 0073).
 */
async function announceRevoked(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await notifyRevoked(ctx.db, ids);
  ctx.afterCommit(() => ctx.sessionCache.drop(ids));
}

/** The TokenResolver of plugins/auth.ts: a live customer access token → the customer and session. */
export const resolveAccessToken = (ctx: AppContext, token: string) => resolveToken(ctx, token, 'customer');

type Rotation =
  { kind: 'rotated' | 'replayed'; pair: TokenPair } | { kind: 'reused'; principal: Principal; family: string } | { kind: 'invalid' };

/**
 * The pair a rotated row handed out, when its refresh token comes back within
 * the grace and that pair is still the family's live head; otherwise null.
 */
async function pairWithinGrace(ctx: AppContext, row: SessionRow, now: Date): Promise<TokenPair | null> {
  if (!row.rotatedAt || !row.successorId || !row.successorSealed) return null;
  if (now.getTime() - row.rotatedAt.getTime() > graceOf(ctx) * 1000) return null;
  const next = await findSession(ctx.db, row.successorId);
  if (!next || next.revokedAt || next.rotatedAt || next.accessExpiresAt <= now) return null;
  const pair = sealOf(ctx).open(row.successorSealed, row.id);
  if (!pair || hashToken(pair.token) !== next.accessHash || hashToken(pair.refreshToken) !== next.refreshHash) return null;
  return { ...pair, expires: Math.max(1, Math.floor((next.accessExpiresAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Rotates a refresh token: the old pair stops working and a new pair of the
 * same family is issued. One transaction holding the row lock: a parallel use
 * of the same token waits for it. A token used again within the grace (two
 * tabs refreshing at once) answers the same new pair; used again after it,
 * it is a sign of theft (ADR 0006, 0022) and the whole family is revoked.
 */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
  ip: string,
  kind: PrincipalKind = 'customer',
): Promise<TokenPair> {
  const now = ctx.clock();
  const { row: fresh, pair } = freshPair(ctx, ip);
  const result = await ctx.tx(async (t): Promise<Rotation> => {
    const row = await lockByRefresh(t.db, hashToken(refreshToken));
    // A refresh token of the other kind is as unknown here as a made-up one.
    if (!row || row.revokedAt || principalOf(row).kind !== kind) return { kind: 'invalid' };
    if (row.rotatedAt) {
      const again = await pairWithinGrace(t, row, now);
      if (again) return { kind: 'replayed', pair: again };
      await announceRevoked(t, await revokeFamily(t.db, row.family, now));
      return { kind: 'reused', principal: principalOf(row), family: row.family };
    }
    if (row.refreshExpiresAt <= now) return { kind: 'invalid' };
    const successorId = await insertSession(t.db, { ...fresh, ...principalColumns(principalOf(row)), family: row.family, createdAt: now });
    await markRotated(t.db, row.id, now, addSeconds(now, graceOf(ctx)), { id: successorId, sealed: sealOf(ctx).seal(pair, row.id) });
    // Its access token now ends with the grace: a process that kept it must read it again.
    await announceRevoked(t, [row.id]);
    await dropStaleSeals(t.db, row.family, row.id, addSeconds(now, -graceOf(ctx)));
    return { kind: 'rotated', pair };
  });
  // Thrown after the transaction, so the family's revocation is kept.
  if (result.kind === 'reused')
    ctx.log.warn({ principal: result.principal, family: result.family }, 'refresh token reused; family revoked');
  if (result.kind === 'reused' || result.kind === 'invalid') throw new AppError('UNAUTHENTICATED', EXPIRED);
  return result.pair;
}

/** Logout: this login ends on the server — the session and every token of its refresh chain (its family). */
export async function endSession(ctx: AppContext, sessionId: number): Promise<void> {
  const family = await familyOf(ctx.db, sessionId);
  if (family) await announceRevoked(ctx, await revokeFamily(ctx.db, family, ctx.clock()));
}

/** Ends every session of the principal (password reset, a disabled customer or staff member). */
export async function endAllSessions(ctx: AppContext, principal: Principal): Promise<void> {
  await announceRevoked(ctx, await revokeUserSessions(ctx.db, principal, ctx.clock()));
}

/** Ends every login of the principal except the one session `keepSessionId` belongs to (ASVS V7.5.1: change of phone, of password). */
export async function endOtherSessions(ctx: AppContext, principal: Principal, keepSessionId: number): Promise<void> {
  const family = await familyOf(ctx.db, keepSessionId);
  await announceRevoked(ctx, await revokeUserSessions(ctx.db, principal, ctx.clock(), family ?? ''));
}

/** Days a session row is kept after its refresh token expired (recent logins stay readable, e.g. a customer's login history). */
const SESSION_KEEP_DAYS = 30;

/** The purge job's part (ADR 0034): sessions that can no longer be used or refreshed, after SESSION_KEEP_DAYS. */
export const purgeExpiredSessions = (ctx: AppContext, now: Date): Promise<number> =>
  deleteSessionsExpiredBefore(ctx.db, new Date(now.getTime() - SESSION_KEEP_DAYS * 86_400_000));
