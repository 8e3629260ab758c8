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
