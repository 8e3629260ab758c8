import type { Endpoint } from '../endpoint.ts';
import { dashboardResponse } from '../dashboard.ts';
import { routes } from '../routes.ts';

/** The console's dashboard. */
export const dashboardEndpoints = {
  dashboard: { ...routes.dashboard, summary: '概览：今日的数字（新客户、待审核认证、已发短信…）', response: dashboardResponse },
} as const satisfies Record<string, Endpoint>;
