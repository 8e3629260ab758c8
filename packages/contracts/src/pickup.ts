import { z } from 'zod';
import { id } from './numbers.ts';
import { ORDER_STATES } from './order-states.ts';
import { samplingRequest } from './sampling.ts';
import { calendarDate } from './setting.ts';
import { STAFF_ROLES } from './staff.ts';

/**
 * The pick-up calendar (取样日历, issue 9 "Operator rooms", ADR 0049): the
 * 上门取样 requests by day and slot, and who of the lab picks each one up.
 * Choosing the collector is not an order transition: the order stays 待取样.
 */
export const PICKUP_EVENT_LABELS = { pickupAssign: '安排上门取样', pickupUnassign: '取消取样员安排' } as const;
export type PickupEventAction = keyof typeof PICKUP_EVENT_LABELS;
export const PICKUP_EVENT_ACTIONS = Object.keys(PICKUP_EVENT_LABELS) as PickupEventAction[];

/** The longest range one call lists (a month view at most). */
export const PICKUP_RANGE_DAYS_MAX = 42;

/** Days between two YYYY-MM-DD dates (to − from). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** YYYY-MM-DD plus n days. */
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week of a YYYY-MM-DD date (weeks run Monday to Sunday, as Chinese calendars show them). */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

export const pickupListQuery = z
  .object({
    /** First day (YYYY-MM-DD); default the Monday of this week in China. */
    from: calendarDate('开始日期').optional(),
    /** Last day, inclusive; default six days after from. */
    to: calendarDate('结束日期').optional(),
    /** Only the pick-ups assigned to the caller (只看我的). */
    mine: z.preprocess((v) => v === 'true' || v === true || v === '1', z.boolean()).default(false),
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) >= 0, { message: '[结束日期]不能早于开始日期', path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < PICKUP_RANGE_DAYS_MAX, {
    message: `[日期范围]不能超过${PICKUP_RANGE_DAYS_MAX}天`,
    path: ['to'],
  });
export type PickupListQuery = z.output<typeof pickupListQuery>;

export const pickupAssignee = z.object({ id: z.number().int(), name: z.string() });
export type PickupAssignee = z.infer<typeof pickupAssignee>;

/** One 上门取样 request as the calendar shows it (staff see the contact's full phone). */
export const pickupItem = samplingRequest
  // The request's id, state, when, the contact on site and their phone, the place and the message.
  .pick({
    id: true,
    orderId: true,
    state: true,
    date: true,
    time: true,
    name: true,
    phone: true,
    province: true,
    city: true,
    area: true,
    address: true,
    message: true,
  })
  .extend({
    orderNo: z.string(),
    orderState: z.enum(ORDER_STATES),
    /** The customer's name (or masked phone) and organisation. */
    customerName: z.string(),
    company: z.string(),
    samples: z.array(z.object({ no: z.string(), name: z.string(), count: z.number().int() })),
    /** Samples in all (the sum of counts). */
    sampleCount: z.number().int(),
    assignee: pickupAssignee.nullable(),
    assignedAt: z.string().nullable(),
    /** Active and the order still 待取样: a collector may be chosen or changed. */
    assignable: z.boolean(),
  });
export type PickupItem = z.infer<typeof pickupItem>;

export const pickupListResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The rows of the calendar: the configured slots, then any other slot a request still names. */
  slots: z.array(z.string()),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object({ time: z.string(), list: z.array(pickupItem) })) })),
});
export type PickupListResponse = z.infer<typeof pickupListResponse>;

/** Who may be sent to pick up: enabled staff holding order.lab or pickup.manage. */
export const pickupStaffResponse = z.object({
  list: z.array(pickupAssignee.extend({ roles: z.array(z.enum(STAFF_ROLES)) })),
});
export type PickupStaffResponse = z.infer<typeof pickupStaffResponse>;

export const pickupAssignBody = z.object({ id: id('取样申请'), staffId: id('取样员') });
export type PickupAssignBody = z.output<typeof pickupAssignBody>;
export const pickupUnassignBody = z.object({ id: id('取样申请') });
