import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { addSampling, cancelSampling, listSampling } from './sampling.service.ts';
import { createOnce } from '../ledger/index.ts';

/** The customer's sampling requests (spec §7 sampling/*); every call is scoped to `user`. */
export const samplingRoutes = (ctx: AppContext) =>
  ({
    samplingAdd: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'sampling/add', body, (t, form) => addSampling(t, user.id, form, ip)),
    samplingList: ({ user, body }) => listSampling(ctx, user.id, body.orderId),
    samplingCancel: ({ user, body, ip }) => cancelSampling(ctx, user.id, body.id, ip),
  }) satisfies Handlers;
