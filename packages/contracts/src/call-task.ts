import { z } from 'zod';
import { id } from './numbers.ts';
import { optionalText } from './text.ts';

/**
 * The account manager's call after the lab received an order's samples
 * (product.md: 已收样 — the manager calls within 2 h). The call is an order
 * timeline event, not a transition: the state stays (ADR 0046).
 */
export const CALL_EVENT_LABELS = { called: '客户经理已致电' } as const;
export type CallEventAction = keyof typeof CALL_EVENT_LABELS;
export const CALL_EVENT_ACTIONS = Object.keys(CALL_EVENT_LABELS) as CallEventAction[];

/** Hours the manager has to call once the samples are received. */
export const CALL_WITHIN_HOURS = 2;

/** One order waiting for its call, on the console's dashboard. */
export const callTask = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  company: z.string(),
  /** When the samples were received (the receive event). */
  receivedAt: z.string(),
  /** receivedAt + 2 h: past it the task is overdue. */
  dueAt: z.string(),
});
export type CallTask = z.infer<typeof callTask>;
export const callTaskListResponse = z.object({ list: z.array(callTask) });
export type CallTaskListResponse = z.infer<typeof callTaskListResponse>;

export const callTaskDoneBody = z.object({
  orderId: id('订单'),
  note: optionalText('通话记录', { max: 200, multiline: true }),
});
export type CallTaskDoneBody = z.output<typeof callTaskDoneBody>;
