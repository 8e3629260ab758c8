import { randomBytes } from 'node:crypto';
import { SMS_PURPOSES, type TokenPair, type WxTicket, type WxTicketState } from '@yance/contracts/account';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { startSession } from '../session/index.ts';
import { verifyCode } from '../sms/index.ts';
import { bindOpenid, createUser, findUserByOpenid, findUserByPhone } from '../user/index.ts';
import { wechatToken } from './wechat-token.ts';
import { claimConfirmed, deleteTicketsExpiredBefore, findTicket, insertTicket, moveTicket, type TicketRow } from './wechat.repository.ts';
import { createQrCode } from './wx-official.ts';
import type { WxScanEvent } from './wx-callback.ts';

export interface TicketStatus {
  status: WxTicketState;
  needBind: boolean;
}

const GONE = '二维码已失效，请刷新';

/** What a poller may know of a ticket: consumed, unknown and expired all read as expired. */
function statusOf(row: TicketRow | undefined, now: Date): TicketStatus {
  if (!row || row.status === 'consumed' || (row.status !== 'confirmed' && row.expiresAt <= now))
    return { status: 'expired', needBind: false };
  return { status: row.status, needBind: row.needBind };
}

/** wx/ticket: a new QR login ticket. Local: a link to this app's confirm page; official: WeChat's QR content. */
export async function newTicket(ctx: AppContext, origin: string, ip: string): Promise<WxTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const now = ctx.clock();
  const ttl = ctx.config.WX_TICKET_TTL;
  if (ctx.config.WX_PROVIDER === 'official') {
    const qr = await createQrCode(ctx.fetch, ctx.config.WX_API_BASE, await wechatToken(ctx), ticket, ttl);
    await insertTicket(ctx.db, {
      ticket,
      provider: 'official',
      status: 'waiting',
      requestIp: ip,
      expiresAt: addSeconds(now, qr.expire_seconds),
      createdAt: now,
    });
    return { ticket, expire_seconds: qr.expire_seconds, url: qr.url };
  }
  await insertTicket(ctx.db, {
    ticket,
    provider: 'local',
    status: 'waiting',
    requestIp: ip,
    expiresAt: addSeconds(now, ttl),
    createdAt: now,
  });
  return { ticket, expire_seconds: ttl, url: `${ctx.config.PUBLIC_URL ?? origin}/wx/confirm/${ticket}` };
}

/** wx/qrCodeLogin: the ticket's state; the first poll after confirmation gets the session, later ones see it expired. */
export async function pollTicket(
  ctx: AppContext,
  ticket: string,
  ip: string,
  userAgent = '',
): Promise<TicketStatus & { token: TokenPair | null }> {
  const state = statusOf(await findTicket(ctx.db, ticket), ctx.clock());
  if (state.status !== 'confirmed') return { ...state, token: null };
  const userId = await claimConfirmed(ctx.db, ticket);
  if (userId === null) return { status: 'expired', needBind: false, token: null };
  return { status: 'confirmed', needBind: false, token: await startSession(ctx, userId, { ip, userAgent, method: 'wechat' }) };
}

/** wx/scan (local provider): the confirm page was opened; it learns where and when the login was asked for (ADR 0021). */
export async function scanTicket(ctx: AppContext, ticket: string): Promise<TicketStatus & { requestIp: string; requestedAt: string }> {
  const now = ctx.clock();
  const row = await findTicket(ctx.db, ticket);
  if (row?.provider === 'local' && row.status === 'waiting') await moveTicket(ctx.db, ticket, ['waiting'], now, { status: 'scanned' });
  const after = await findTicket(ctx.db, ticket);
  const state = statusOf(after, now);
  const known = after && state.status !== 'expired';
  return { ...state, requestIp: known ? after.requestIp : '', requestedAt: known ? after.createdAt.toISOString() : '' };
}

/**
 * wx/confirm (local provider, /api/auth): the account signed in on the device
 * that opened the confirm page lets the computer showing the QR code in
 * (ADR 0021). No credentials travel with the ticket: a link alone, opened by
 * someone not signed in, confirms nothing.
 */
export async function confirmTicket(ctx: AppContext, ticket: string, userId: number): Promise<TicketStatus> {
  const row = await findTicket(ctx.db, ticket);
  const live = statusOf(row, ctx.clock());
  if (!row || (live.status !== 'waiting' && live.status !== 'scanned')) throw new AppError('INVALID', GONE);
  if (row.provider !== 'local') throw new AppError('INVALID', '请用微信扫码确认');
  const moved = await moveTicket(ctx.db, ticket, ['waiting', 'scanned'], ctx.clock(), { status: 'confirmed', userId, needBind: false });
  if (!moved) throw new AppError('INVALID', GONE);
  return { status: 'confirmed', needBind: false };
}

/**
 * wx/bind (official provider): a scanned WeChat identity without an account
 * binds a phone proven by SMS code (useFor 3). An unknown phone gets a new
 * account, created with the consent the contract required (agree), like sign.
 */
export async function bindTicket(
  ctx: AppContext,
  body: { ticket: string; phone: string; code: string; agree: true },
): Promise<TicketStatus> {
  const row = await findTicket(ctx.db, body.ticket);
  const live = statusOf(row, ctx.clock());
  if (!row || (live.status !== 'waiting' && live.status !== 'scanned')) throw new AppError('INVALID', GONE);
  if (row.provider !== 'official' || !row.needBind || !row.openid) throw new AppError('INVALID', '请用微信扫码确认');
  await verifyCode(ctx, body.phone, SMS_PURPOSES.login, body.code);
  const user = await findUserByPhone(ctx, body.phone);
  const userId = user?.id ?? (await createUser(ctx, { phone: body.phone, passwordHash: null, agreedAt: ctx.clock() }));
  await bindOpenid(ctx, userId, row.openid);
  const moved = await moveTicket(ctx.db, body.ticket, ['waiting', 'scanned'], ctx.clock(), {
    status: 'confirmed',
    userId,
    needBind: false,
  });
  if (!moved) throw new AppError('INVALID', GONE);
  return { status: 'confirmed', needBind: false };
}

/** Official callback: a scan of our QR code. A bound WeChat identity confirms at once; a new one must bind a phone. */
export async function handleScanEvent(ctx: AppContext, event: WxScanEvent): Promise<void> {
  const user = await findUserByOpenid(ctx, event.openid);
  const now = ctx.clock();
  const patch = user
    ? { status: 'confirmed' as const, userId: user.id, openid: event.openid, needBind: false }
    : { status: 'scanned' as const, openid: event.openid, needBind: true };
  const moved = await moveTicket(ctx.db, event.scene, ['waiting', 'scanned'], now, patch);
  if (!moved) ctx.log.info({ scene: event.scene }, 'wechat scan for an unknown or expired ticket');
}

/**
 * The purge job's part (ADR 0034): tickets expired a day ago. Not at once: a
 * confirmed ticket still hands its session to the first poll after expiry.
 */
export const purgeExpiredTickets = (ctx: AppContext, now: Date): Promise<number> =>
  deleteTicketsExpiredBefore(ctx.db, new Date(now.getTime() - 86_400_000));
