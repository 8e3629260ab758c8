import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { assignPickup, listCollectors, listPickups, unassignPickup } from './pickup.service.ts';

/** The console's pick-up calendar (ADR 0049), behind pickup.manage. */
export const pickupRoutes = (ctx: AppContext) =>
  ({
    adminPickupList: ({ staff, query }) => listPickups(ctx, staff, query),
    adminPickupStaff: () => listCollectors(ctx),
    adminPickupAssign: ({ staff, body, ip }) => assignPickup(ctx, staff, body, ip),
    adminPickupUnassign: ({ staff, body, ip }) => unassignPickup(ctx, staff, body.id, ip),
  }) satisfies Handlers;
