// A sample as the customer declares it with an order (issue 9, ADR 0039), and the address samples asked back go to
// (ADR 0070). Re-exported by order.ts, whose callers import it from there.
import { z } from 'zod';
import { COUNT_MAX } from './money.ts';
import { count } from './numbers.ts';
import { optionalText, text } from './text.ts';
import { address } from './user.ts';

/** Form of a sample (product issue 9). */
export const SAMPLE_FORMS = { powder: '粉末', film: '薄膜', liquid: '液体', block: '块体', other: '其他' } as const;
export type SampleForm = keyof typeof SAMPLE_FORMS;
/** Hazards a customer declares; radioactive samples are refused (RADIOACTIVE_REFUSED). */
export const SAMPLE_HAZARDS = { toxic: '有毒', corrosive: '腐蚀性', magnetic: '磁性', volatile: '易挥发', radioactive: '放射性' } as const;
export type SampleHazard = keyof typeof SAMPLE_HAZARDS;
export const RADIOACTIVE_REFUSED = '[危险特性]本平台不受理放射性样品，请联系客户经理另行安排';

/** A sample to be returned needs somewhere to go: one of the customer's addresses, chosen when they ask. */
export const RETURN_ADDRESS_NEEDED = '[退还地址]请选择样品退还地址';
/** The address named is not (or no longer) in the caller's address book. */
export const RETURN_ADDRESS_MISSING = '[退还地址]地址不存在，请重新选择';

/** Most samples one order line may list. */
export const SAMPLES_PER_LINE_MAX = 50;

export const sampleInput = z.object({
  name: text('样品名称', { max: 64 }),
  count: count('样品数量', 1, COUNT_MAX),
  form: z.enum(Object.keys(SAMPLE_FORMS) as [SampleForm, ...SampleForm[]], { error: '[样品形态]不能为空' }),
  hazards: z
    .array(z.enum(Object.keys(SAMPLE_HAZARDS) as [SampleHazard, ...SampleHazard[]], { error: '[危险特性]不正确' }))
    .max(5)
    .default([])
    .refine((h) => !h.includes('radioactive'), RADIOACTIVE_REFUSED),
  requirement: optionalText('测试要求', { max: 500, multiline: true }),
  /** Send the sample back after testing (else kept 3 months, then destroyed). */
  returnSample: z.boolean().default(false),
});
export type SampleInput = z.output<typeof sampleInput>;

/**
 * A sample as a draft (保存草稿) keeps it: what is there — the name may be
 * empty and the form not chosen yet (''); submitting checks it as sampleInput.
 */
export const draftSampleInput = sampleInput.extend({
  name: optionalText('样品名称', { max: 64 }),
  form: z.union([sampleInput.shape.form, z.literal('')], { error: '[样品形态]不正确' }).default(''),
});
export type DraftSampleInput = z.output<typeof draftSampleInput>;

/** Where the samples asked back go: the address chosen at ordering, as it was then (spec §3 address fields). */
export const returnAddress = address.omit({ default: true });
export type ReturnAddress = z.infer<typeof returnAddress>;
