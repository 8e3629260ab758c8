import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { listSmsOutbox } from './sms-outbox.service.ts';

/** The console's SMS outbox; declared in @yance/contracts/api/sms-outbox. */
export const smsRoutes = (ctx: AppContext) =>
  ({
    smsList: ({ query }) => listSmsOutbox(ctx, query),
  }) satisfies Handlers;
