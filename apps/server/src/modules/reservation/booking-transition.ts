// The one place a booking's state changes (ADR 0043): the customer's cancel and
// every console action go through moveBooking with an action of the contracts'
// BOOKING_TRANSITIONS.
import {
  BOOKING_SCHEDULE_DEFAULTS,
  cancelError,
  chinaToday,
  NO_SHOW_POLICY_DEFAULTS,
  type NoShowPolicy,
} from '@yance/contracts/booking-rules';
import { noShowPolicy } from '@yance/contracts/booking';
import {
  BOOKING_ACTIONS,
  BOOKING_STATE_NAMES,
  BOOKING_TRANSITIONS,
  canLeaveBooking,
  mayTakeBooking,
  type BookingAction,
  type BookingState,
} from '@yance/contracts/booking-states';
import { can, PERMISSION_NAMES, STAFF_ROLE_NAMES, type Permission } from '@yance/contracts/staff';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, recordStateMove, type Actor } from '../audit/audit.service.ts';
import { customerName } from '../order/order-api.service.ts';
import { getSettingValue } from '../setting/setting.service.ts';
import * as repo from './reservation.repository.ts';
import type { BookingRow } from './reservation.repository.ts';

/** Who moves a booking: its customer, or a staff member in the console. */
export type BookingMover = { kind: 'customer'; userId: number; ip: string } | { kind: 'staff'; caller: StaffCaller; ip: string };

export const NO_BOOKING = '预约不存在';
export const NO_SHOW_POLICY_KEY = 'bookingNoShowPolicy';

export const staleBooking = (state: BookingState) => `预约状态已变化（当前为「${BOOKING_STATE_NAMES[state]}」），请刷新后重试`;

const permissionsOf = (caller: StaffCaller): Permission[] => PERMISSION_NAMES.filter((p) => can(caller.roles, p));

/** The staff actions' rule of time: check-in from the booking's day, no-show after its start. */
function staffTimingError(row: Pick<BookingRow, 'date' | 'startsAt'>, action: BookingAction, now: Date): string | null {
  if (action === 'checkIn' && chinaToday(now) < row.date) return '未到预约当天，不能签到';
  if (action === 'noShow' && now < row.startsAt) return '预约尚未开始，不能标记爽约';
  return null;
}

/** The actions this staff member may take on this booking now (the room's buttons: none the server would refuse). */
export const staffActions = (caller: StaffCaller, row: BookingRow, now: Date): BookingAction[] =>
  BOOKING_ACTIONS.filter(
    (a) => canLeaveBooking(a, row.state) && mayTakeBooking(a, permissionsOf(caller)) && staffTimingError(row, a, now) === null,
  );

/** The no-show rule the console saved, else product.md's (3 within 90 days → 30 days). */
export async function readNoShowPolicy(ctx: AppContext): Promise<NoShowPolicy> {
  const parsed = noShowPolicy.safeParse(await getSettingValue(ctx, NO_SHOW_POLICY_KEY));
  return parsed.success ? parsed.data : NO_SHOW_POLICY_DEFAULTS;
}

const DAY_MS = 24 * 3600_000;
/** 2026-12-24 10:00 in China time. */
export const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * After a no-show, under the customer's lock: counts their no-shows of
 * bookings that started within the policy's window and after their last
 * suspension began; the limit-th suspends booking for suspendDays. Answers the
 * timeline's words for it, or ''.
 */
async function suspendIfRepeated(t: AppContext, row: BookingRow, actor: Actor, ip: string): Promise<string> {
  await repo.lockCustomer(t.db, row.userId);
  const policy = await readNoShowPolicy(t);
  const now = t.clock();
  const windowStart = new Date(now.getTime() - policy.windowDays * DAY_MS);
  const last = await repo.lastSuspensionStart(t.db, row.userId);
  const since = last && last > windowStart ? last : windowStart;
  const n = await repo.countNoShows(t.db, row.userId, since);
  if (n < policy.limit) return `${policy.windowDays}天内第${n}次爽约`;
  const endsAt = new Date(now.getTime() + policy.suspendDays * DAY_MS);
  await repo.insertSuspension(t.db, { userId: row.userId, startsAt: now, endsAt, bookingId: row.id });
  await recordAudit(t, {
    actor,
    action: 'booking.suspend',
    objectType: 'user',
    objectId: row.userId,
    changes: { suspendedUntil: [null, endsAt.toISOString()], noShows: [null, n] },
    ip,
  });
  return `${policy.windowDays}天内第${n}次爽约，暂停预约至 ${chinaTime(endsAt)}`;
}

/** A staff member's words in the history: 实验员 李四. */
function staffTitle(caller: StaffCaller): string {
  const role = caller.roles.find((r) => r === 'lab') ?? caller.roles[0];
  return role ? `${STAFF_ROLE_NAMES[role]} ${caller.name}` : caller.name;
}

/** The rule of the action beyond the table: a customer's cancel window, check-in from the booking's day, no-show after its start. */
async function checkTiming(t: AppContext, mover: BookingMover, row: BookingRow, action: BookingAction): Promise<void> {
  const now = t.clock();
  if (action === 'cancel' && mover.kind === 'customer') {
    const item = row.deviceId === null ? undefined : await repo.findInstrument(t.db, row.deviceId);
    const error = cancelError(row, now, item?.schedule ?? BOOKING_SCHEDULE_DEFAULTS);
    if (error) throw new AppError('CONFLICT', error);
  }
  const error = staffTimingError(row, action, now);
  if (error) throw new AppError('CONFLICT', error);
}

export interface BookingMoveOptions {
  /** The state the staff member saw: another one answers 409. */
  expect?: BookingState;
  note?: string;
}

/**
 * Moves a booking by one action of the table, in one transaction: locks it,
 * checks reach (another customer's booking is 404 like a missing one), who
 * may (403), the state (409), the action's timing rule (409); writes the new
 * state with a compare-and-set, frees the slots of a cancelled booking, and
 * writes the booking's history and the audit log; a no-show may suspend the
 * customer in the same transaction.
 */
export async function moveBooking(
  ctx: AppContext,
  mover: BookingMover,
  id: number,
  action: BookingAction,
  opts: BookingMoveOptions = {},
): Promise<BookingRow> {
  return ctx.tx(async (t) => {
    const row = await repo.lockBooking(t.db, id);
    if (!row || (mover.kind === 'customer' && row.userId !== mover.userId)) throw new AppError('NOT_FOUND', NO_BOOKING);
    const allowed = mover.kind === 'customer' ? mayTakeBooking(action, 'customer') : mayTakeBooking(action, permissionsOf(mover.caller));
    if (!allowed) throw new AppError('FORBIDDEN', '您没有权限执行此操作');
    const from = row.state;
    if ((opts.expect !== undefined && opts.expect !== from) || !canLeaveBooking(action, from))
      throw new AppError('CONFLICT', staleBooking(from));
    await checkTiming(t, mover, row, action);
    const to = BOOKING_TRANSITIONS[action].to;
    const at = t.clock();
    const moved = await repo.moveState(t.db, row.id, from, to, at);
    // The lock makes this unreachable; kept so a change of locking can never move a booking twice.
    if (!moved) throw new AppError('CONFLICT', staleBooking(from));
    if (to === 'cancelled') await repo.releaseSlots(t.db, row.id);
    let actor: Actor;
    if (mover.kind === 'customer') {
      const c = await repo.lockCustomer(t.db, row.userId);
      actor = { kind: 'customer', id: row.userId, name: c ? customerName(c) : '' };
    } else actor = { kind: 'staff', id: mover.caller.id, name: staffTitle(mover.caller) };
    let note = opts.note?.trim() ?? '';
    if (to === 'noShow') {
      const words = await suspendIfRepeated(t, row, actor, mover.ip);
      note = note ? `${note}（${words}）` : words;
    }
    await repo.insertEvent(t.db, {
      bookingId: row.id,
      at,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
      action,
      fromState: from,
      toState: to,
      note,
    });
    await recordStateMove(t, { actor, objectType: 'booking', objectId: row.id, action, from, to, note, ip: mover.ip });
    return moved;
  });
}
