import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import {
  adminInstruments,
  adminReservationDay,
  adminReservationMove,
  noShowPolicyOf,
  saveNoShowPolicy,
  saveSchedule,
} from './reservation-admin.service.ts';
import { addReservation, cancelReservation, listReservations, reservationDay } from './reservation.service.ts';

/** On-site booking (spec §7 reservation group): the open calendar and the customer's own bookings, scoped to `user`. */
export const reservationRoutes = (ctx: AppContext) =>
  ({
    reservationDay: ({ query }) => reservationDay(ctx, query.rid, query.date),
    reservationAdd: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'reservation/add', body, (t) => addReservation(t, user.id, body, ip)),
    reservationList: ({ user, body }) => listReservations(ctx, user.id, body),
    reservationCancel: ({ user, body, ip }) => cancelReservation(ctx, user.id, body.id, ip),
  }) satisfies Handlers;

/** The console's booking room and settings: one call per transition, all behind booking.manage. */
export const reservationAdminRoutes = (ctx: AppContext) =>
  ({
    adminReservationDay: ({ staff, query }) => adminReservationDay(ctx, staff, query.date, query.deviceId),
    adminReservationCheckIn: ({ staff, body, ip }) => adminReservationMove(ctx, staff, 'checkIn', body, ip),
    adminReservationComplete: ({ staff, body, ip }) => adminReservationMove(ctx, staff, 'complete', body, ip),
    adminReservationNoShow: ({ staff, body, ip }) => adminReservationMove(ctx, staff, 'noShow', body, ip),
    adminReservationCancel: ({ staff, body, ip }) => adminReservationMove(ctx, staff, 'cancel', body, ip),
    adminReservationInstruments: () => adminInstruments(ctx),
    adminReservationScheduleSave: ({ staff, body, ip }) => saveSchedule(ctx, staff, body, ip),
    adminReservationPolicy: () => noShowPolicyOf(ctx),
    adminReservationPolicySave: ({ staff, body, ip }) => saveNoShowPolicy(ctx, staff, body, ip),
  }) satisfies Handlers;
