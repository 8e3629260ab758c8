import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { dashboardFigures } from './dashboard.service.ts';

/** The console's dashboard (issue 8); declared in @yance/contracts/api/dashboard. */
export const dashboardRoutes = (ctx: AppContext) =>
  ({
    dashboard: ({ staff }) => dashboardFigures(ctx, staff),
  }) satisfies Handlers;
