import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { addToPlan, editPlan, planList, removeFromPlan } from './plan.service.ts';
import { createOnce } from '../ledger/index.ts';

/** The signed-in customer's experiment plan (spec §3, ADR 0039); every call is scoped to `user`. */
export const planRoutes = (ctx: AppContext) =>
  ({
    planList: ({ user }) => planList(ctx, user.id),
    planAdd: ({ user, body }) => createOnce(ctx, { userId: user.id }, 'plan/add', body, (t, form) => addToPlan(t, user.id, form)),
    planEdit: ({ user, body }) => editPlan(ctx, user.id, body),
    planDel: ({ user, body }) => removeFromPlan(ctx, user.id, body.ids),
  }) satisfies Handlers;
