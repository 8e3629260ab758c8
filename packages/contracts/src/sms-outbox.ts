// The SMS outbox as the console reads it (issue 8 "Also"): every text sent or
// tried, newest first.
import { z } from 'zod';
import { PHONE_PATTERN } from './account.ts';
import { integer } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { SMS_DELIVERY_STATES } from './states.ts';
import { text } from './text.ts';

export const smsOutboxQuery = pagingQuery.extend({
  /** The whole number (the outbox is indexed by phone). */
  phone: text('手机号', { max: 11, required: false })
    .refine((v) => v === '' || PHONE_PATTERN.test(v), '[手机号]格式不正确')
    .optional(),
  /** A code's useFor (0 register, 1 reset, 3 login, 4 contact, 5 current phone) or a notice's number (100 and up). */
  purpose: z.preprocess((v) => (v === '' ? undefined : v), integer('用途', 0, 999).optional()),
});

export const smsOutboxEntry = z.object({
  id: z.number().int(),
  phone: z.string(),
  purpose: z.number().int(),
  provider: z.string(),
  /** The text as sent; a code shows only for the console provider (real gateways' codes are never stored). */
  content: z.string(),
  status: z.enum(SMS_DELIVERY_STATES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsOutboxEntry = z.infer<typeof smsOutboxEntry>;
