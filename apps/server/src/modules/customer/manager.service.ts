import type { ManagerCard, ManagerOption } from '@yance/contracts/customer';
import type { AppContext } from '../../context.ts';
import { changesOf, recordAudit, SYSTEM } from '../audit/index.ts';
import {
  findCustomer,
  findManager,
  lockCustomer,
  listManagers,
  lockRotation,
  nextActiveManager,
  setRotation,
  updateCustomer,
  type ManagerRow,
} from './customer.repository.ts';

export const isActiveManager = (m: ManagerRow | undefined): m is ManagerRow => !!m && !m.disabled && m.roles.includes('manager');

/**
 * Gives the customer the next active manager of the round robin (spec §1,
 * ADR 0035), logged as the system's doing. Call it inside the transaction
 * that creates (or has locked) the customer: the rotation row's lock makes
 * concurrent registrations take turns. Returns the manager's id, or null when
 * the shop has no active manager yet.
 */
export async function assignNextManager(t: AppContext, userId: number, previous: number | null = null): Promise<number | null> {
  const last = await lockRotation(t.db);
  const next = await nextActiveManager(t.db, last);
  if (next === undefined) return null;
  await setRotation(t.db, next);
  await updateCustomer(t.db, userId, { managerId: next });
  await recordAudit(t, {
    actor: SYSTEM,
    action: 'customer.assign',
    objectType: 'customer',
    objectId: userId,
    changes: changesOf({ managerId: previous }, { managerId: next }),
  });
  return next;
}

/**
 * The customer's active manager, assigning the next one on this read when
 * they have none (customers from before there was a manager) or theirs is no
 * longer an active manager (disabled, or the role taken away): a customer's
 * card always shows someone who answers.
 */
export async function ensureManager(ctx: AppContext, userId: number): Promise<number | null> {
  const current = await findCustomer(ctx.db, userId);
  if (!current) return null;
  if (current.managerId !== null && isActiveManager(await findManager(ctx.db, current.managerId))) return current.managerId;
  return ctx.tx(async (t) => {
    const row = await lockCustomer(t.db, userId);
    if (!row) return null;
    if (row.managerId !== null && isActiveManager(await findManager(t.db, row.managerId))) return row.managerId;
    return (await assignNextManager(t, userId, row.managerId)) ?? row.managerId;
  });
}

/** What a customer and the console see of a manager. */
export async function managerCardOf(ctx: AppContext, managerId: number | null): Promise<ManagerCard | null> {
  if (managerId === null) return null;
  const m = await findManager(ctx.db, managerId);
  return m ? { id: m.id, name: m.name || m.account, phone: m.phone, email: m.email, wechatQr: m.wechatQr } : null;
}

/** customer/managers: who may be picked in the console's manager filter and 更换客户经理 (the disabled ones are marked). */
export async function managerOptions(ctx: AppContext): Promise<ManagerOption[]> {
  return (await listManagers(ctx.db)).map((m) => ({ ...m, name: m.name || m.account }));
}
