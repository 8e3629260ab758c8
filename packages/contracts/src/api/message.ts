import type { Endpoint } from '../endpoint.ts';
import { messageListBody, messageListResponse, messageReadBody, messageUnreadResponse } from '../message.ts';
import { routes } from '../routes.ts';

/** The customer's message centre (issue 9 "Notifications", ADR 0046). */
export const messageEndpoints = {
  messageList: {
    ...routes.messageList,
    summary: '我的消息：站内信（最新在前）与未读数',
    body: messageListBody,
    response: messageListResponse,
  },
  messageRead: {
    ...routes.messageRead,
    summary: '标记消息为已读（所给的消息，或 all: true 全部）',
    description: '只改本人的消息；别人的或不存在的 id 被忽略。答复未读数。',
    body: messageReadBody,
    response: messageUnreadResponse,
  },
  messageUnread: { ...routes.messageUnread, summary: '未读消息数（页头的消息角标）', response: messageUnreadResponse },
} as const satisfies Record<string, Endpoint>;
