import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';
import { smsOutboxEntry, smsOutboxQuery } from '../sms-outbox.ts';

/** The SMS outbox page of the console (issue 8 "Also"). */
export const smsOutboxEndpoints = {
  smsList: {
    ...routes.smsList,
    summary: '短信发件记录（按手机号、用途筛选，最新在前；验证码只在 console 通道下可见）',
    query: smsOutboxQuery,
    response: page(smsOutboxEntry),
  },
} as const satisfies Record<string, Endpoint>;
