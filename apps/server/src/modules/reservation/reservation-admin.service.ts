// The console's booking room and instrument settings (issue 9, ADR 0043).
import type {
  AdminReservation,
  AdminReservationDay,
  AdminReservationMoveBody,
  BookingInstrument,
  BookingScheduleSaveBody,
} from '@yance/contracts/booking';
import type { NoShowPolicy } from '@yance/contracts/booking-rules';
import type { BookingAction } from '@yance/contracts/booking-states';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { replaceSetting } from '../setting/index.ts';
import { moveBooking, NO_SHOW_POLICY_KEY, readNoShowPolicy, staffActions } from './booking-transition.ts';
import * as repo from './reservation.repository.ts';
import type { BookingRow } from './reservation.repository.ts';
import { withDetails } from './reservation.service.ts';

const staffActor = (caller: StaffCaller) => ({ kind: 'staff' as const, id: caller.id, name: caller.name });

/** Bookings as the room shows them: the customer, their suspension and the buttons this staff member may press. */
async function forRoom(ctx: AppContext, caller: StaffCaller, rows: BookingRow[]): Promise<AdminReservation[]> {
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const customers = new Map((await repo.findCustomers(ctx.db, userIds)).map((c) => [c.id, c]));
  const suspended = await repo.suspensionsOf(ctx.db, userIds, ctx.clock());
  const details = await withDetails(ctx, rows, false);
  const now = ctx.clock();
  return rows.map((r, i) => ({
    ...details[i]!,
    deviceId: r.deviceId,
    customer: customers.get(r.userId)?.name ?? '',
    phone: customers.get(r.userId)?.phone ?? '',
    actions: staffActions(caller, r, now),
    suspendedUntil: suspended.get(r.userId)?.toISOString() ?? null,
  }));
}

const instrumentOf = (r: NonNullable<Awaited<ReturnType<typeof repo.findInstrument>>>): BookingInstrument => ({
  deviceId: r.id,
  rid: r.rid,
  name: r.name,
  instrument: r.instrument,
  onShelf: r.onShelf,
  schedule: r.schedule,
});

/** reservation/day in the console: the day's bookings of every instrument (or one), with the instruments for the picker. */
export async function adminReservationDay(
  ctx: AppContext,
  caller: StaffCaller,
  date: string,
  deviceId?: number,
): Promise<AdminReservationDay> {
  const instruments = (await repo.listInstruments(ctx.db)).map(instrumentOf);
  const rows = await repo.listDay(ctx.db, date, deviceId);
  return { date, instruments, list: await forRoom(ctx, caller, rows) };
}

/** One console action on a booking, through the one transition function. */
export async function adminReservationMove(
  ctx: AppContext,
  caller: StaffCaller,
  action: BookingAction,
  body: AdminReservationMoveBody,
  ip: string,
): Promise<AdminReservation> {
  return ctx.tx(async (t) => {
    const row = await moveBooking(t, { kind: 'staff', caller, ip }, body.id, action, { expect: body.expect, note: body.note });
    return (await forRoom(t, caller, [row]))[0]!;
  });
}

export async function adminInstruments(ctx: AppContext): Promise<BookingInstrument[]> {
  return (await repo.listInstruments(ctx.db)).map(instrumentOf);
}

/** Saves an instrument's schedule (type-2 items only); applies to new bookings, booked ones stay. Logged. */
export async function saveSchedule(
  ctx: AppContext,
  caller: StaffCaller,
  body: BookingScheduleSaveBody,
  ip: string,
): Promise<BookingInstrument> {
  return ctx.tx(async (t) => {
    const item = await repo.findInstrument(t.db, body.deviceId);
    if (!item) throw new AppError('NOT_FOUND', '仪器不存在');
    if (item.typeId !== repo.BOOKING_TYPE_ID) throw new AppError('INVALID', '只有现场预约项目可以设置预约');
    await repo.saveSchedule(t.db, item.id, body.schedule, t.clock());
    await recordAudit(t, {
      actor: staffActor(caller),
      action: 'booking.schedule',
      objectType: 'device',
      objectId: item.id,
      changes: changesOf(item.schedule as unknown as Record<string, unknown> | null, body.schedule as unknown as Record<string, unknown>),
      ip,
    });
    return instrumentOf({ ...item, schedule: body.schedule });
  });
}

export const noShowPolicyOf = (ctx: AppContext) => readNoShowPolicy(ctx);

/** Saves the no-show rule (applies from the next no-show). Logged. */
export async function saveNoShowPolicy(ctx: AppContext, caller: StaffCaller, body: NoShowPolicy, ip: string): Promise<NoShowPolicy> {
  return ctx.tx(async (t) => {
    const before = await readNoShowPolicy(t);
    await replaceSetting(t, NO_SHOW_POLICY_KEY, body);
    await recordAudit(t, {
      actor: staffActor(caller),
      action: 'setting.save',
      objectType: 'setting',
      objectId: NO_SHOW_POLICY_KEY,
      changes: changesOf({ ...before }, { ...body }),
      ip,
    });
    return body;
  });
}
