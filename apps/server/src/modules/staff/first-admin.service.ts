import { randomBytes } from 'node:crypto';
import type { TokenPair } from '@yance/contracts/account';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds } from '../../lib/clock.ts';
import { assertPasswordAllowed, hashPassword } from '../account/index.ts';
import { changesOf, recordAudit, SYSTEM, type Actor } from '../audit/index.ts';
import { hashToken, startStaffSession } from '../session/index.ts';
import { insertStaff } from './staff.repository.ts';
import { countStaff, insertSetupToken, lockFirstAdmin, useSetupToken } from './first-admin.repository.ts';

/** How long a printed setup link works. */
const SETUP_LINK_SECONDS = 24 * 3600;
const STAFF_EXIST = '已有员工账号，设置链接已失效，请直接登录';

/**
 * At start (issue 8, ADR 0038): an installation must not run without an
 * admin. With staff already (demo data, or an earlier start) nothing
 * happens; else ADMIN_ACCOUNT and ADMIN_PASSWORD create the first admin;
 * else a one-time setup link (/admin/setup?token=…) is printed, its token
 * kept only as a hash.
 */
export async function prepareFirstAdmin(ctx: AppContext, print: (line: string) => void): Promise<void> {
  if ((await countStaff(ctx.db)) > 0) return;
  const { ADMIN_ACCOUNT: account, ADMIN_PASSWORD: password } = ctx.config;
  if (account && password) {
    assertPasswordAllowed(password);
    const created = await createFirstAdmin(ctx, { account, name: '管理员', passwordHash: await hashPassword(password) }, SYSTEM, '');
    if (created) print(`研测: first admin "${account}" created from ADMIN_ACCOUNT; sign in at /admin/login and enrol TOTP.`);
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await insertSetupToken(ctx.db, { tokenHash: hashToken(token), expiresAt: addSeconds(now, SETUP_LINK_SECONDS), createdAt: now });
  const origin = ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`;
  print(`研测: no staff account yet. Create the first admin within 24 hours at ${origin}/admin/setup?token=${token}`);
}

/** admin/setup: the link's token, once, creates the first admin and signs them in (to enrol TOTP next). */
export async function setupFirstAdmin(
  ctx: AppContext,
  body: { token: string; account: string; name: string; password: string },
  ip: string,
): Promise<TokenPair> {
  if ((await countStaff(ctx.db)) > 0) throw new AppError('CONFLICT', STAFF_EXIST);
  assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  const id = await ctx.tx(async (t) => {
    await lockFirstAdmin(t.db);
    if ((await countStaff(t.db)) > 0) throw new AppError('CONFLICT', STAFF_EXIST);
    if (!(await useSetupToken(t.db, hashToken(body.token), t.clock()))) throw new AppError('INVALID', '设置链接无效或已过期');
    return createFirstAdmin(t, { account: body.account, name: body.name, passwordHash }, null, ip);
  });
  if (id === null) throw new AppError('CONFLICT', STAFF_EXIST);
  return startStaffSession(ctx, id, ip);
}

/** The first admin, logged (by the system, or by themself through the link); null when someone else made one first. */
async function createFirstAdmin(
  ctx: AppContext,
  admin: { account: string; name: string; passwordHash: string },
  actor: Actor | null,
  ip: string,
): Promise<number | null> {
  return ctx.tx(async (t) => {
    await lockFirstAdmin(t.db);
    if ((await countStaff(t.db)) > 0) return null;
    const fields = { account: admin.account, name: admin.name, phone: '', email: '', roles: ['admin' as const], disabled: false };
    const id = await insertStaff(t.db, { ...fields, passwordHash: admin.passwordHash, createdAt: t.clock() });
    await recordAudit(t, {
      actor: actor ?? { kind: 'staff', id, name: admin.name },
      action: actor ? 'staff.bootstrap' : 'staff.setup',
      objectType: 'staff',
      objectId: id,
      changes: changesOf(null, { ...fields, password: true }),
      ip,
    });
    return id;
  });
}
