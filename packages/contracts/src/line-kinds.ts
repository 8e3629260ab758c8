// What a line needs depends on its kind (issue 21 "every promise kept", ADR 0070): a 送样检测 item needs physical
// samples that travel to the lab; a 现场预约 item is instrument time the customer books (预约上机) and attends with
// their own material; a 数据分析 item (DFT, fitting, plotting) works on data and files, never on a parcel. zod-free:
// the server's order/add and plan/add, the plan, the order page, the catalogue's cards and the order's detail read
// these rules, so no page asks for what a line does not need.

/** The three kinds of line (spec §2 project types 1 送样检测, 2 现场预约, 3 数据分析). */
export const LINE_KINDS = ['sample', 'booking', 'analysis'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_KIND_NAMES: Record<LineKind, string> = { sample: '送样检测', booking: '现场预约', analysis: '数据分析' };

/**
 * The kind of a catalogue type: 2 and 3 by the spec; 1, 定制项目 (31, a quoted test not in the catalogue) and any type
 * an operator adds later are sample testing — the kind that asks most, so nothing is promised without its samples.
 */
export function lineKindOf(typeId: number): LineKind {
  if (typeId === 2) return 'booking';
  if (typeId === 3) return 'analysis';
  return 'sample';
}

export interface LineNeeds {
  /** The sample form (name, count, form, hazards, requirement, return) and samples on the order. */
  samples: boolean;
  /** How the samples reach the lab: 自行寄样 or 上门取样, the 寄样 step, the pick-up, the freight row. */
  shipping: boolean;
  /** A turnaround in working days and the queue's estimate (预计N个工作日出结果, 约N个工作日). */
  turnaround: boolean;
  /** A slot on the instrument's calendar: the line is booked (reservation/add), not ordered through the plan. */
  slot: boolean;
}

/** The one table of what each kind needs. */
export const LINE_NEEDS: Record<LineKind, LineNeeds> = {
  sample: { samples: true, shipping: true, turnaround: true, slot: false },
  booking: { samples: false, shipping: false, turnaround: false, slot: true },
  analysis: { samples: false, shipping: false, turnaround: true, slot: false },
};

export const needsOf = (typeId: number): LineNeeds => LINE_NEEDS[lineKindOf(typeId)];

/** Whether an order of lines of these types waits for samples (and so for a delivery method, a 寄样 or a pick-up). */
export const orderNeedsSamples = (typeIds: readonly number[]): boolean => typeIds.some((t) => needsOf(t).samples);

/** What a 现场预约 item shows where other items show their turnaround: its time is the slot booked, not a queue. */
export const BOOKING_TIME_TEXT = '按预约时段上机';

/** A sample line sent without samples. */
export const SAMPLES_MISSING = '[样品]请填写样品信息';
/** A 数据分析 line sent with a sample form. */
export const noSamplesFor = (name: string) => `「${name}」为数据分析项目，无需寄送样品，请勿填写样品信息`;
/** A 现场预约 item put in the plan or ordered: it is booked on the instrument's calendar. */
export const bookInstead = (name: string) => `「${name}」为现场预约项目，请在项目页点击「预约上机」选择时段，无需加入实验方案下单`;
/** A delivery method named for an order that has nothing to send. */
export const NO_DELIVERY_NEEDED = '[送样方式]本订单均为数据分析项目，无需寄送样品';

/**
 * Why a line of this kind cannot be ordered with these samples (null when it can). A draft keeps a sample line
 * without samples (保存草稿 saves what is there); a sent one needs them.
 */
export function lineRefusal(line: { name: string; typeId: number; samples: number }, draft: boolean): string | null {
  const kind = lineKindOf(line.typeId);
  if (LINE_NEEDS[kind].slot) return bookInstead(line.name);
  if (!LINE_NEEDS[kind].samples) return line.samples > 0 ? noSamplesFor(line.name) : null;
  return !draft && line.samples === 0 ? SAMPLES_MISSING : null;
}

/** What an order's notices say comes next about its samples (notices.ts {samples}, {afterPay}). */
export const sampleWords = (needsSamples: boolean): { samples: string; afterPay: string } =>
  needsSamples
    ? { samples: '请按订单寄送样品或等待上门取样', afterPay: '即可寄送样品' }
    : { samples: '本订单无需寄送样品，数据分析随即开始', afterPay: '即开始数据分析' };
