import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@yance/contracts/account';
import type { AppContext, AuthUser } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { findByAccess, insertSession, lockByRefresh, markRotated, revokeFamily, revokeSession, revokeUserSessions } from './session.repository.ts';

/** How long a rotated access token keeps working, for requests already in flight. */
const ROTATION_GRACE_SECONDS = 30;
const EXPIRED = '登录已过期，请重新登录';

const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their SHA-256: a copy of the database cannot be replayed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

async function issue(ctx: AppContext, userId: number, family: string, ip: string): Promise<TokenPair> {
  const { row, pair } = freshPair(ctx, ip);
  await insertSession(ctx.db, { ...row, userId, family, createdAt: ctx.clock() });
  return pair;
}

/** Starts a new login (a new token family) for the user. */
export const startSession = (ctx: AppContext, userId: number, ip: string) => issue(ctx, userId, randomUUID(), ip);

/** The TokenResolver of plugins/auth.ts: a live access token → its user and session. */
export async function resolveAccessToken(ctx: AppContext, token: string): Promise<AuthUser | null> {
  if (token.length > 256) return null;
  const row = await findByAccess(ctx.db, hashToken(token), ctx.clock());
  return row ? { id: row.userId, sessionId: row.id } : null;
}

type Rotation = { kind: 'rotated' } | { kind: 'reused'; userId: number; family: string } | { kind: 'invalid' };

/**
 * Rotates a refresh token: the old pair stops working and a new pair of the
 * same family is issued. A token that was already rotated is a sign of theft
 * (ADR 0006): the whole family is revoked. One transaction holding the row
 * lock: a parallel use of the same token waits, then sees it rotated and
 * revokes the family, including the row this rotation just added.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string, ip: string): Promise<TokenPair> {
  const now = ctx.clock();
  const { row: fresh, pair } = freshPair(ctx, ip);
  const result = await ctx.tx(async (t): Promise<Rotation> => {
    const row = await lockByRefresh(t.db, hashToken(refreshToken));
    if (!row || row.revokedAt) return { kind: 'invalid' };
    if (row.rotatedAt) {
      await revokeFamily(t.db, row.family, now);
      return { kind: 'reused', userId: row.userId, family: row.family };
    }
    if (row.refreshExpiresAt <= now) return { kind: 'invalid' };
    await markRotated(t.db, row.id, now, addSeconds(now, ROTATION_GRACE_SECONDS));
    await insertSession(t.db, { ...fresh, userId: row.userId, family: row.family, createdAt: now });
    return { kind: 'rotated' };
  });
  // Thrown after the transaction, so the family's revocation is kept.
  if (result.kind === 'reused') ctx.log.warn({ userId: result.userId, family: result.family }, 'refresh token reused; family revoked');
  if (result.kind !== 'rotated') throw new AppError('UNAUTHENTICATED', EXPIRED);
  return pair;
}

/** Logout: this session stops working on the server. */
export const endSession = (ctx: AppContext, sessionId: number) => revokeSession(ctx.db, sessionId, ctx.clock());

/** Ends every session of the user (password reset). */
export const endAllSessions = (ctx: AppContext, userId: number) => revokeUserSessions(ctx.db, userId, ctx.clock());
