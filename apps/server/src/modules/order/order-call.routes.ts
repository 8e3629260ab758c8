import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { listCallTasks, recordCall } from './order-call.service.ts';

/** The manager's call after receipt (ADR 0046), behind order.call. */
export const orderCallRoutes = (ctx: AppContext) =>
  ({
    orderCallTasks: ({ staff }) => listCallTasks(ctx, staff),
    orderCalled: ({ staff, body, ip }) => recordCall(ctx, staff, body.orderId, body.note, ip),
  }) satisfies Handlers;
