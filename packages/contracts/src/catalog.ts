import { z } from 'zod';
import { PRICE_UNITS, type PriceUnit } from './money.ts';
import { count, fenData, optionalId } from './numbers.ts';
import { page, pagingQuery } from './paging.ts';
import { text } from './text.ts';

/** Price unit of a catalogue item (money.ts holds the list and its words). */
export const priceUnit = z.enum(Object.keys(PRICE_UNITS) as [PriceUnit, ...PriceUnit[]]);
export { PRICE_UNITS, type PriceUnit };

export const typeChild = z.object({ id: z.number().int(), name: z.string() });
export type TypeChild = z.infer<typeof typeChild>;

/** Always an object: the spec's front end reads discount_info.discount_label ('' when the type has none). */
export const discountInfo = z.object({ discount_label: z.string() });

/** A project type with its child categories (home typeArr and type/group). */
export const projectType = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** Pipe-separated in storage; tags is that text split on "|" (spec §3). */
  description: z.string(),
  tags: z.array(z.string()),
  discount_info: discountInfo,
  typeChildArr: z.array(typeChild.extend({ count: z.number().int() })),
});
export type ProjectType = z.infer<typeof projectType>;
export const typeGroupResponse = z.array(projectType);

/** A catalogue item (送样检测/现场预约/数据分析 item) as shown in lists. */
export const deviceSummary = z.object({
  rid: z.string(),
  name: z.string(),
  alias: z.array(z.string()),
  img: z.string(),
  sketch: z.string(),
  type_id: z.number().int(),
  child_id: z.number().int(),
  child_name: z.string(),
  price_fen: fenData,
  unit: priceUnit,
  turnaround_days: z.number().int(),
  order: z.number().int(),
  discount_label: z.string().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

/** An option that changes the price, e.g. 扫描范围 with its choices. */
export const deviceOption = z.object({
  name: z.string(),
  choices: z.array(z.object({ label: z.string(), extra_fen: fenData })),
});
export type DeviceOption = z.infer<typeof deviceOption>;

export const deviceDetail = deviceSummary.extend({
  type_name: z.string(),
  description: z.string(),
  sample_requirement: z.string(),
  instrument: z.string(),
  options: z.array(deviceOption),
  related: z.array(deviceSummary),
  /** Average of the customers' stars to one decimal, null without evaluations (ADR 0048). */
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const deviceSearchQuery = pagingQuery.extend({
  kw: text('关键词', { max: 50, required: false }).optional().default(''),
  typeId: optionalId('项目类型'),
  childId: optionalId('分类'),
  areaId: optionalId('专区'),
  sort: z.enum(['relevance', 'order', 'price_asc', 'price_desc']).optional().default('relevance'),
});
export type DeviceSearchQuery = z.infer<typeof deviceSearchQuery>;
export const deviceSearchResponse = page(deviceSummary).extend({
  /**
   * Parts of the keyword left out because no item matched them together with
   * the rest ("xrd测试" → ["测试"]): the list holds the items that match the
   * others. Empty when every part matched (ADR 0027).
   */
  ignored: z.array(z.string()),
});

/** Most suggestions one call may ask for. */
export const SUGGEST_SIZE_MAX = 10;

export const deviceSuggestQuery = z.object({
  keyword: text('关键词', { max: 50, required: false }).optional().default(''),
  size: count('条数', 1, SUGGEST_SIZE_MAX).default(8),
});
export type DeviceSuggestQuery = z.infer<typeof deviceSuggestQuery>;

/** An item suggested while typing: its name, and the alias that matched when the name does not hold the keyword. */
export const deviceSuggestion = z.object({ rid: z.string(), name: z.string(), alias: z.string().nullable() });
export type DeviceSuggestion = z.infer<typeof deviceSuggestion>;
export const deviceSuggestResponse = z.array(deviceSuggestion);

/** Most popular searches shown. */
export const HOT_KEYWORDS_MAX = 10;
export const hotKeywordsResponse = z.array(z.string()).max(HOT_KEYWORDS_MAX);

export const deviceDetailQuery = z.object({
  rid: text('项目编号', { max: 32 }),
});

/** device/estimate: the turnaround of an item for a number of samples, from the lab's queue now (issue 9, ADR 0047). */
export const deviceEstimateQuery = z.object({
  rid: text('项目编号', { max: 32 }),
  count: count('数量', 1, 999).default(1),
});
export const turnaroundEstimate = z.object({
  /** Working days from the samples' receipt to the results. */
  days: z.number().int(),
  /** The day results are due if the samples arrive today (China time), YYYY-MM-DD; null when the calendar has no working day. */
  date: z.string().nullable(),
  /** 预计N个工作日出结果. */
  text: z.string(),
});
export type TurnaroundEstimate = z.infer<typeof turnaroundEstimate>;
