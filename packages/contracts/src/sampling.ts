import { z } from 'zod';
import { PHONE_PATTERN } from './account.ts';
import { id, oneOf } from './numbers.ts';
import { SAMPLING_STATES } from './sampling-states.ts';
import { optionalText } from './text.ts';
import { createKey } from './idempotency.ts';

// The states, their names and the transition table live zod-free in sampling-states.ts.
export { SAMPLING_STATES, SAMPLING_STATE_NAMES, type SamplingState } from './sampling-states.ts';

/**
 * Sampling requests (spec §3 "Sampling request", §7 sampling add/list/cancel):
 * type 0 the customer posts the samples (courier and tracking number), type 1
 * the lab picks them up (date, slot, address). The fields are optional here so
 * the spec's messages come from the one rule function (sampling-rules.ts) in
 * the spec's order, on the server as in the dialog.
 */
export const SAMPLING_TYPES = { selfSend: 0, pickUp: 1 } as const;
/** The order timeline's entries for sampling requests (not transitions: the order's state stays). */
export const SAMPLING_EVENT_LABELS = { sampling: '提交取样信息', samplingCancel: '取消取样信息' } as const;
export type SamplingEventAction = keyof typeof SAMPLING_EVENT_LABELS;
export const SAMPLING_EVENT_ACTIONS = Object.keys(SAMPLING_EVENT_LABELS) as SamplingEventAction[];

const date = optionalText('取样日期', { max: 10 }).refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), '[取样日期]格式不正确');

export const samplingAddBody = z.object({
  idempotencyKey: createKey,
  orderId: id('订单'),
  type: oneOf('取样方式', [0, 1]),
  date,
  time: optionalText('取样时间', { max: 11 }),
  message: optionalText('留言', { max: 200, multiline: true }),
  name: optionalText('姓名', { max: 32 }),
  phone: optionalText('手机', { max: 11 }).refine((v) => v === '' || PHONE_PATTERN.test(v), '[手机]格式不正确'),
  province: optionalText('省份', { max: 32 }),
  city: optionalText('城市', { max: 32 }),
  area: optionalText('区县', { max: 32 }),
  address: optionalText('详细地址', { max: 128 }),
  address_code: optionalText('取样地址', { max: 6 }).refine((v) => v === '' || /^\d{6}$/.test(v), '[取样地址]格式不正确'),
  address_rid: optionalText('地址', { max: 32 }),
  express_company: optionalText('快递公司', { max: 32 }),
  express_no: optionalText('快递单号', { max: 40 }).refine((v) => v === '' || /^[A-Za-z0-9-]+$/.test(v), '[快递单号]只能包含字母、数字和-'),
});
export type SamplingAddBody = z.output<typeof samplingAddBody>;

export const samplingListBody = z.object({ orderId: id('订单') });
export const samplingCancelBody = z.object({ id: id('取样申请') });

export const samplingRequest = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  type: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(SAMPLING_STATES),
  date: z.string(),
  time: z.string(),
  message: z.string(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  address_code: z.string(),
  address_rid: z.string(),
  express_company: z.string(),
  express_no: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Whether the customer may still cancel it (active, and the lab has not received the samples). */
  cancellable: z.boolean(),
  /** Pick-up: the name of the lab member sent to collect the samples, once the lab chose one (ADR 0049). */
  collector: z.string().nullable(),
});
export type SamplingRequest = z.infer<typeof samplingRequest>;

/** sampling/list: the order's requests, newest first, and the lab's address for a self-send order (localInfo.express). */
export const samplingListResponse = z.object({ list: z.array(samplingRequest), labAddress: z.string() });
export type SamplingListResponse = z.infer<typeof samplingListResponse>;
