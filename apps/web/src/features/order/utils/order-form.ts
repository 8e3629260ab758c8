// The order page's form (issue 9): samples per plan line, delivery, remark;
// checked with the same schemas the server parses, so a refusal reads the same.
import {
  orderAddBody,
  sampleInput,
  type OrderAddBody,
  type OrderDetail,
  type PlanLine,
  type SampleForm,
  type SampleHazard,
} from '@yance/contracts/order';
import { DELIVERY_METHODS, type DeliveryMethod } from '@yance/contracts/order-states';
import { needsOf, orderNeedsSamples } from '@yance/contracts/line-kinds';

/** One sample as typed (the count a string until it is sent). */
export interface SampleDraft {
  name: string;
  count: number;
  form: SampleForm | undefined;
  hazards: SampleHazard[];
  requirement: string;
  returnSample: boolean;
}

export interface OrderDraft {
  /** Samples by plan line id (none for a line whose kind needs none: 数据分析, line-kinds.ts). */
  samples: Record<number, SampleDraft[]>;
  /** How the samples travel; sent only when a line needs samples. */
  delivery: DeliveryMethod;
  /** Where samples asked back go: one of the customer's addresses (its rid), chosen when they ask. */
  returnAddressRid: string | undefined;
  /** The version of the service agreement ticked 同意 (an institution's order needs it), undefined until ticked. */
  agreementVersion: number | undefined;
  remark: string;
}

/** A line as the form reads its kind: the catalogue type. */
type Kinded = { id: number; type_id: number };

/** A new sample row: one sample per counted sample of a per-sample item, else one. */
export const newSample = (line?: Pick<PlanLine, 'unit' | 'count'>): SampleDraft => ({
  name: '',
  count: line && line.unit === 'sample' ? line.count : 1,
  form: undefined,
  hazards: [],
  requirement: '',
  returnSample: false,
});

/** A fresh form for these lines: one sample row for each line that needs samples, self-send. */
export const newOrderDraft = (lines: readonly PlanLine[]): OrderDraft => ({
  samples: Object.fromEntries(lines.map((l) => [l.id, needsOf(l.type_id).samples ? [newSample(l)] : []])),
  delivery: DELIVERY_METHODS.selfSend,
  returnAddressRid: undefined,
  agreementVersion: undefined,
  remark: '',
});

/** Whether the order of these lines has samples to send (and so a delivery method, a 寄样 or a pick-up). */
export const hasSamplesToSend = (lines: readonly Pick<Kinded, 'type_id'>[]): boolean => orderNeedsSamples(lines.map((l) => l.type_id));

/** Whether a sample of the form is to be returned (the return address is asked then). */
export const asksReturn = (draft: OrderDraft, lines: readonly Kinded[]): boolean =>
  lines.some((l) => needsOf(l.type_id).samples && (draft.samples[l.id] ?? []).some((s) => s.returnSample));

/** A saved draft (order detail) back into the form, its samples under its line ids. */
export function draftFromOrder(order: OrderDetail): OrderDraft {
  const samples: Record<number, SampleDraft[]> = {};
  for (const line of order.lines) {
    const own = order.samples.filter((s) => s.lineId === line.id);
    samples[line.id] = !needsOf(line.type_id).samples
      ? []
      : own.length
        ? own.map((s) => ({
            name: s.name,
            count: s.count,
            // '' while a draft's sample has no form chosen yet.
            form: s.form ? (s.form as SampleForm) : undefined,
            hazards: s.hazards as SampleHazard[],
            requirement: s.requirement,
            returnSample: s.returnSample,
          }))
        : [newSample(line)];
  }
  return {
    samples,
    delivery: order.delivery === DELIVERY_METHODS.pickUp ? DELIVERY_METHODS.pickUp : DELIVERY_METHODS.selfSend,
    returnAddressRid: order.returnAddress?.address_rid,
    agreementVersion: undefined,
    remark: order.remark,
  };
}

/** Field → message of one sample's problems ('name', 'count', 'form', 'hazards', 'requirement'). */
export type SampleErrors = Partial<Record<keyof SampleDraft, string>>;

/** The messages the server would answer for this sample (sampleInput), by field. */
export function sampleErrors(sample: SampleDraft): SampleErrors {
  const parsed = sampleInput.safeParse(sample);
  if (parsed.success) return {};
  const errors: SampleErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SampleDraft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Whether any sample of the form has a problem (submit stays refused until none has). */
export const formHasErrors = (draft: OrderDraft, lines: readonly Kinded[]): boolean =>
  lines.some((l) => needsOf(l.type_id).samples && (draft.samples[l.id] ?? []).some((s) => Object.keys(sampleErrors(s)).length > 0));

/**
 * The order/add body for these lines, parsed as the server will; the first
 * problem's message when it does not parse. New orders name plan lines
 * (planId); a draft being finished names its own lines (lineId).
 */
export function orderBody(
  draft: OrderDraft,
  lines: readonly Kinded[],
  opts: { draft: boolean; draftId?: number },
): { ok: true; body: OrderAddBody } | { ok: false; message: string } {
  // Only what the lines' kinds need (line-kinds.ts): no sample, delivery or return address for 数据分析 alone.
  const samples = (l: Kinded) => (needsOf(l.type_id).samples ? (draft.samples[l.id] ?? []) : []);
  const parsed = orderAddBody.safeParse({
    ...(opts.draftId ? { draftId: opts.draftId } : {}),
    lines: lines.map((l) => ({ [opts.draftId ? 'lineId' : 'planId']: l.id, samples: samples(l) })),
    ...(hasSamplesToSend(lines) ? { delivery: draft.delivery } : {}),
    ...(asksReturn(draft, lines) && draft.returnAddressRid ? { returnAddressRid: draft.returnAddressRid } : {}),
    ...(draft.agreementVersion ? { agreementVersion: draft.agreementVersion } : {}),
    remark: draft.remark,
    attachments: [],
    draft: opts.draft,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '请检查填写的内容' };
}

/** A line on the order page, from the plan or from a saved draft: what the form and the cost breakdown read. */
export interface OrderingLine {
  id: number;
  /** The catalogue type: what the line needs (line-kinds.ts). */
  type_id: number;
  name: string;
  choices: Record<string, string>;
  count: number;
  unit: PlanLine['unit'];
  /** null: 待报价. */
  amount: number | null;
  /** What the promotion rules (优惠活动, issue 21) take off the line if it is sent now, and their label. */
  promo?: { fen: number; label: string } | undefined;
}

/** The cost breakdown's total: priced lines summed less their promotion, unpriced ones counted. */
export function orderTotal(lines: readonly OrderingLine[]): { fen: number; unpriced: number } {
  return lines.reduce(
    (t, l) => (l.amount === null ? { ...t, unpriced: t.unpriced + 1 } : { ...t, fen: t.fen + l.amount - (l.promo?.fen ?? 0) }),
    { fen: 0, unpriced: 0 },
  );
}
