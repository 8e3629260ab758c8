import { z } from 'zod';

/**
 * One number of the console's dashboard (issue 8): today's figures that
 * exist so far; later issues append theirs (orders, samples, money). `key`
 * is stable (tests, links); `note` says what exactly is counted.
 */
export const dashboardFigure = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().int(),
  note: z.string(),
});
export type DashboardFigure = z.infer<typeof dashboardFigure>;

export const dashboardResponse = z.object({ figures: z.array(dashboardFigure) });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * Order states staff act on (issue 9): the dashboard shows one figure per
 * state, key `orders.<state>`, the orders waiting in it (a manager's only
 * their customers'); the console links each to /orders?state=<state>.
 */
export const ORDER_WAITING_STATES = [
  'quoting',
  'contracting',
  'unpaid',
  'awaitingSample',
  'awaitingPickup',
  'received',
  'testing',
] as const;
export const orderWaitingKey = (state: (typeof ORDER_WAITING_STATES)[number]) => `orders.${state}` as const;
