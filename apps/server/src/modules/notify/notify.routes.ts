import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { listNoticeOutbox } from './notice-outbox.service.ts';
import { listMessages, readMessages, unreadCount } from './notify.service.ts';

/** The customer's message centre (ADR 0046); every call is scoped to `user`. */
export const messageRoutes = (ctx: AppContext) =>
  ({
    messageList: ({ user, body }) => listMessages(ctx, user.id, body),
    messageRead: ({ user, body }) => readMessages(ctx, user.id, body),
    messageUnread: ({ user }) => unreadCount(ctx, user.id),
  }) satisfies Handlers;

/** The console's outbox of order notices by SMS and e-mail; its access (sms.read) is the route table's. */
export const noticeOutboxRoutes = (ctx: AppContext) =>
  ({
    noticeList: ({ query }) => listNoticeOutbox(ctx, query),
  }) satisfies Handlers;
