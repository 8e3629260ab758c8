import { randomInt } from 'node:crypto';
import { PHONE_PATTERN } from '@yance/contracts/account';
import type { ProfileForm, UserInfoResponse } from '@yance/contracts/user';
import { routes, urlOf } from '@yance/contracts/routes';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createHeardCache, type HeardCache } from '../../lib/heard-cache.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { addressListJson } from '../address/index.ts';
import {
  activeManagerCardJson,
  attestationMachine,
  attestationSet,
  assignNextManager,
  ensureManager,
  managerCardOf,
} from '../customer/index.ts';
import { planLineCount } from '../plan/index.ts';
import * as repo from './user.repository.ts';
import { CUSTOMER_REGISTERED } from './user-events.ts';

export type User = repo.UserRow;

// No 0/O/1/I: invite codes are read aloud and typed from posters.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** The account a login name points at: an 11-digit mobile number is a phone, anything else a user name. */
export const findUserByAccount = (ctx: AppContext, account: string) =>
  PHONE_PATTERN.test(account) ? repo.findUserByPhone(ctx.db, account) : repo.findUserByUsername(ctx.db, account);
export const findUserByPhone = (ctx: AppContext, phone: string) => repo.findUserByPhone(ctx.db, phone);
export const findUserByOpenid = (ctx: AppContext, openid: string) => repo.findUserByOpenid(ctx.db, openid);
/** Invite codes are shown upper-case; accept them in any case. */
export const findUserByInviteCode = (ctx: AppContext, code: string) => repo.findUserByInviteCode(ctx.db, code.trim().toUpperCase());

/** Creates an account; a phone that is already registered is a 409. */
export async function createUser(
  ctx: AppContext,
  fields: { phone: string; passwordHash: string | null; inviterId?: number | null; agreedAt?: Date | null },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      // The account and its dedicated manager (spec §1) are created together (ADR 0035).
      return await ctx.tx(async (t) => {
        const id = await repo.insertUser(t.db, { ...fields, inviteCode: newInviteCode() });
        await assignNextManager(t, id);
        // Whoever reacts to a new customer does it in the same transaction (the coupon module: 注册即送, ADR 0053).
        await t.emit(CUSTOMER_REGISTERED, { userId: id });
        return id;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await repo.findUserByPhone(ctx.db, fields.phone)) throw new AppError('CONFLICT', '[手机号]已注册，请直接登录');
      if (attempt >= 3) throw err;
    }
  }
}

/** Replaces the password hash. */
export const setPasswordHash = (ctx: AppContext, userId: number, passwordHash: string) => repo.updateUser(ctx.db, userId, { passwordHash });

/** Binds a WeChat identity to the account (official-account QR login). */
export async function bindOpenid(ctx: AppContext, userId: number, openid: string): Promise<void> {
  const user = await mustGet(ctx, userId);
  if (user.wxOpenid === openid) return;
  if (user.wxOpenid) throw new AppError('CONFLICT', '该手机号已绑定其他微信');
  try {
    await repo.updateUser(ctx.db, user.id, { wxOpenid: openid });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', '该微信已绑定其他账号');
    throw err;
  }
}

/** The signed-in user's account; a session that outlived its account reads as signed out. */
export const getUser = (ctx: AppContext, userId: number) => mustGet(ctx, userId);

async function mustGet(ctx: AppContext, userId: number): Promise<User> {
  const user = await repo.findUserById(ctx.db, userId);
  // The session outlived its account (deleted by an operator): treat as signed out.
  if (!user) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  return user;
}

/** user/info's statement, with the parts the customer, address and plan modules write. */
const readUserInfo = repo.userInfoReader({ manager: activeManagerCardJson, addresses: addressListJson, cartNum: planLineCount });

/**
 * user/info: the account, its addresses and the plan count (spec §3), read in one statement (ADR 0067). Only a
 * customer without an active manager takes the slow way: ensureManager assigns one (ADR 0035), and the card shown is
 * the one it settled on (the old, disabled one while the shop has no other).
 */
export async function getUserInfo(ctx: AppContext, userId: number): Promise<UserInfoResponse> {
  const cache = ctx.userInfoCache;
  const now = ctx.clock().getTime();
  const kept = cache.get(userId, now);
  if (kept) return kept;
  const ticket = cache.ticket();
  const info = await readAndAssignManager(ctx, userId);
  cache.put(userId, ticket, info, now);
  return info;
}

/** Where the database announces the customers whose user/info changed (migration 0053, ADR 0081): ids, or "*". */
export const USER_INFO_CHANNEL = 'yance_user_info_changed';
export type UserInfoCache = HeardCache<UserInfoResponse>;
/** Kept at most a minute whatever is heard (a bound on the unforeseen), for at most 100 000 customers. */
export const createUserInfoCache = (): UserInfoCache => createHeardCache({ maxAgeMs: 60_000, maxEntries: 100_000 });

const USER_INFO_URL = urlOf(routes.userInfo);

/**
 * After any other call of the customer, in this process, before its answer is sent: that call may have changed what
 * user/info shows (an address, the plan, the profile), and the next user/info must show it whatever the database's
 * announcement's timing. Other processes, and changes made by staff, hear it from the database (ADR 0081).
 */
export function forgetUserInfoAfterCall(ctx: AppContext, userId: number | undefined, routeUrl: string | undefined): void {
  if (userId !== undefined && routeUrl !== USER_INFO_URL) ctx.userInfoCache.drop([userId]);
}

async function readAndAssignManager(ctx: AppContext, userId: number): Promise<UserInfoResponse> {
  const u = await readUserInfo(ctx.db, userId);
  // The session outlived its account (deleted by an operator): treat as signed out.
  if (!u) throw new AppError('UNAUTHENTICATED', '登录已过期，请重新登录');
  let manager = u.manager;
  if (!manager) {
    const card = await managerCardOf(ctx, await ensureManager(ctx, userId));
    manager = card && { name: card.name, phone: card.phone, email: card.email, wechatQr: card.wechatQr };
  }
  return {
    userInfo: {
      account: u.username ?? u.phone,
      username: u.username,
      phone: u.phone,
      inviteCode: u.inviteCode,
      name: u.name,
      email: u.email,
      organization: u.organization,
      company: u.company,
      teacher: u.teacher,
      teacher_phone: u.teacherPhone,
      teacher_mail: u.teacherMail,
      region: u.region,
      address: u.address,
      attested: u.attested,
      wechatBound: u.wxOpenid !== null,
      created: u.createdAt,
      attestationState: u.attestationState,
      attestationReason: u.attestationReason,
      manager,
    },
    address: u.addresses,
    cartNum: u.cartNum,
  };
}

/** updateInfo: sets the user name, unique whatever its case. */
export async function changeUsername(ctx: AppContext, userId: number, username: string): Promise<void> {
  const holder = await repo.findUserByUsername(ctx.db, username);
  if (holder && holder.id !== userId) throw new AppError('CONFLICT', '[用户名]已被使用');
  try {
    await repo.updateUser(ctx.db, userId, { username });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', '[用户名]已被使用');
    throw err;
  }
}

/**
 * update4profile: stores the attestation form; a completed form marks the
 * account attested and, whatever the last review said, waits for a new one
 * (ADR 0035): the attestation machine's attest, logged as the customer's own doing.
 */
export async function updateProfile(ctx: AppContext, userId: number, f: ProfileForm, ip = ''): Promise<void> {
  await ctx.tx(async (t) => {
    await attestationMachine.move(t, { kind: 'customer', userId, name: '', ip }, userId, 'attest', {
      apply: () => saveProfile(t, userId, f),
      set: attestationSet('attest', t.clock()),
    });
  });
}

async function saveProfile(ctx: AppContext, userId: number, f: ProfileForm): Promise<void> {
  await repo.updateUser(ctx.db, userId, {
    name: f.name,
    email: f.email,
    organization: f.organization,
    company: f.company,
    // A tutor belongs to students only; other kinds do not keep a stale one.
    teacher: f.organization === 0 ? f.teacher : '',
    teacherPhone: f.organization === 0 ? f.teacher_phone : '',
    teacherMail: f.organization === 0 ? f.teacher_mail : '',
    region: f.region,
    address: f.address,
  });
}

/** Moves the account to a phone nobody else holds (the caller proved both phones and the holder, ADR 0021). */
export async function setPhone(ctx: AppContext, userId: number, phone: string): Promise<void> {
  const holder = await repo.findUserByPhone(ctx.db, phone);
  if (holder) throw new AppError('CONFLICT', '[手机号]已被使用');
  try {
    await repo.updateUser(ctx.db, userId, { phone });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', '[手机号]已被使用');
    throw err;
  }
}

/** Who invited the customer, or null (set at sign-up, never changed: read once per process, ADR 0066). */
export const inviterOf = (ctx: AppContext, userId: number): Promise<number | null> => repo.inviterOf(ctx.db, userId);
