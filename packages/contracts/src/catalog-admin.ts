// The console's catalogue: types, categories, items, hot areas (issue 8, ADR 0036).
import { z } from 'zod';
import { deviceOption, priceUnit } from './catalog.ts';
import { priceOf, PriceError, type Priced } from './money.ts';
import { count, fen, id, integer, optionalId } from './numbers.ts';
import { page, pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';
import { createKey } from './idempotency.ts';

/** An item's number (rid): letters, digits, - and _, as the storefront's /detail/:rid shows it. */
export const RID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** Most items one bulk call (shelf, hot-area items) may name. */
export const BULK_MAX = 500;
/** Largest .xlsx the item import reads. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Most rows one import may hold (beyond it the file is refused whole). */
export const IMPORT_ROWS_MAX = 5000;
/** Longest rich text (HTML) of an item, in characters: it must fit one .xlsx cell (32 767). */
export const RICH_TEXT_MAX = 30_000;

/** A picture: a path on this site (/upload/…) or an http(s) link. */
export const imageRef = (label: string) =>
  text(label, { max: 300 }).refine((v) => /^(\/[^/\\]|https?:\/\/)/.test(v), `[${label}]应为站内路径（/upload/…）或 http(s) 链接`);
const sort = integer('排序', -1_000_000, 1_000_000).default(0);
const ids = (label: string) =>
  z
    .array(id(label), { error: `[${label}]不能为空` })
    .min(1, `[${label}]不能为空`)
    .max(BULK_MAX, `[${label}]一次最多${BULK_MAX}个`);

// ---- project types and child categories

export const typeAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** The tags as stored, joined with "|" (spec §3). */
  description: z.string(),
  tags: z.array(z.string()),
  /** From the promotion rules (优惠活动, issue 21); read only. */
  discount_label: z.string(),
});
export const typeEditBody = z.object({
  id: id('项目类型'),
  name: text('名称', { max: 20 }),
  img: imageRef('图片'),
  /** Tags split on "|"; blanks around and empty tags are dropped. */
  description: optionalText('标签', { max: 200 }),
});

export const childAdmin = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Items on the shelf / all items of the category. */
  onShelf: z.number().int(),
  items: z.number().int(),
});
export const childListQuery = z.object({ typeId: optionalId('项目类型') });
export const childAddBody = z.object({ typeId: id('项目类型'), name: text('分类名称', { max: 20 }), sort, idempotencyKey: createKey });
export const childEditBody = z.object({ id: id('分类'), name: text('分类名称', { max: 20 }), sort });
/** New order of a type's categories (or of the hot areas): the ids, first shown first. */
export const sortBody = z.object({ ids: ids('排序') });
export const idBody = (label: string) => z.object({ id: id(label) });

// ---- items

/** Every option name once, every choice label once per option, and every price computable by priceOf. */
export function pricingProblem(item: Priced): string | null {
  const names = new Set<string>();
  for (const o of item.options) {
    if (names.has(o.name)) return `[价格选项]「${o.name}」重复`;
    names.add(o.name);
    if (new Set(o.choices.map((c) => c.label)).size !== o.choices.length) return `[价格选项]「${o.name}」的选择重复`;
  }
  // The dearest choice of every option at once: if priceOf takes it, it takes every combination.
  const dearest = Object.fromEntries(
    item.options.flatMap((o) => {
      const top = [...o.choices].sort((a, b) => b.extra_fen - a.extra_fen)[0];
      return top ? [[o.name, top.label]] : [];
    }),
  );
  try {
    priceOf(item, dearest, 1);
    return null;
  } catch (err) {
    if (err instanceof PriceError) return `[单价]加上选项后${err.message}`;
    throw err;
  }
}

const optionInput = z.object({
  // The .xlsx writes an option as "名称：值=加价；值=加价" (ADR 0036), so these separators stay out of names and values.
  name: text('选项名称', { max: 20 }).refine((v) => !/[：:]/.test(v), '[选项名称]不能含冒号'),
  choices: z
    .array(z.object({ label: text('选项值', { max: 30 }).refine((v) => !/[；;]/.test(v), '[选项值]不能含分号'), extra_fen: fen('加价') }), {
      error: '[选项值]不能为空',
    })
    .min(1, '[选项值]不能为空')
    .max(30, '[选项值]最多30个'),
});

const deviceFields = {
  rid: text('项目编号', { max: 32 }).regex(RID_PATTERN, '[项目编号]只能是字母、数字、- 或 _'),
  name: text('名称', { max: 60 }),
  alias: z
    .array(text('别名', { max: 30 }), { error: '[别名]格式不正确' })
    .max(20, '[别名]最多20个')
    .default([])
    .transform((a) => [...new Set(a)]),
  childId: id('分类'),
  img: imageRef('图片'),
  sketch: optionalText('简介', { max: 200 }),
  /** Rich HTML; sanitised on the server before it is stored (ADR 0014). */
  description: optionalText('详细介绍', { max: RICH_TEXT_MAX, multiline: true }),
  sampleRequirement: optionalText('样品要求', { max: RICH_TEXT_MAX, multiline: true }),
  instrument: optionalText('仪器', { max: 100 }),
  options: z.array(optionInput, { error: '[价格选项]格式不正确' }).max(10, '[价格选项]最多10个').default([]),
  priceFen: fen('单价'),
  unit: priceUnit,
  turnaroundDays: count('周期（工作日）', 1, 365),
  /** Null = no limit set. */
  dailyCapacity: integer('日检测量', 0, 1_000_000).nullable().default(null),
  orderCount: count('下单量', 0, 2_000_000_000).default(0),
  onShelf: z.boolean({ error: '[上架]格式不正确' }).default(true),
  sort,
  /** Place among the home page's popular items; null = not featured. */
  hotRank: integer('热门排序', 1, 1000).nullable().default(null),
};

const priced = <T extends { priceFen: number; options: Priced['options'] }>(v: T, ctx: z.RefinementCtx) => {
  const problem = pricingProblem({ price_fen: v.priceFen as Priced['price_fen'], options: v.options });
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['options'] });
};

export const deviceInput = z.object(deviceFields).superRefine(priced);
export type DeviceInput = z.output<typeof deviceInput>;
/** device/add: an item's fields and the create call's key (ADR 0061). */
export const deviceAddBody = z.object({ ...deviceFields, idempotencyKey: createKey }).superRefine(priced);
/** One of the fields an operator edits on an item (deviceInput's). */
export type DeviceField = keyof typeof deviceFields;
const DEVICE_FIELDS = Object.keys(deviceFields) as DeviceField[];

/**
 * Just the edited fields of an item (stored or input), in deviceInput's
 * order: what the console's form starts from, what the audit log compares and
 * what an import row is laid over; one list, so none of them misses a field.
 */
export const deviceFieldsOf = <T extends Record<DeviceField, unknown>>(d: T): Pick<T, DeviceField> =>
  Object.fromEntries(DEVICE_FIELDS.map((k) => [k, d[k]])) as Pick<T, DeviceField>;
export const deviceEditBody = z.object({ id: id('项目'), ...deviceFields }).superRefine(priced);
export type DeviceEditBody = z.output<typeof deviceEditBody>;

export const ON_SHELF_FILTERS = ['on', 'off'] as const;
export const deviceAdminQuery = pagingQuery.extend({
  kw: optionalText('关键词', { max: 50 }),
  typeId: optionalId('项目类型'),
  childId: optionalId('分类'),
  shelf: z.enum(ON_SHELF_FILTERS, { error: '[上架状态]不正确' }).optional(),
  /** relevance applies with a keyword; without one it is the console's sort. */
  sort: z.enum(['sort', 'newest', 'order', 'price_asc', 'price_desc', 'relevance'], { error: '[排序]不正确' }).default('sort'),
});
export type DeviceAdminQuery = z.output<typeof deviceAdminQuery>;
/** The export takes the list's filters (no paging). */
export const deviceExportQuery = deviceAdminQuery.pick({ kw: true, typeId: true, childId: true, shelf: true });
export type DeviceExportQuery = z.output<typeof deviceExportQuery>;

export const deviceAdminRow = z.object({
  id: z.number().int(),
  rid: z.string(),
  name: z.string(),
  alias: z.array(z.string()),
  img: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  childId: z.number().int(),
  childName: z.string(),
  priceFen: z.number().int(),
  unit: priceUnit,
  turnaroundDays: z.number().int(),
  dailyCapacity: z.number().int().nullable(),
  orderCount: z.number().int(),
  /** From the promotion rules (优惠活动, issue 21); read only. */
  discountLabel: z.string(),
  onShelf: z.boolean(),
  sort: z.number().int(),
  hotRank: z.number().int().nullable(),
});
export type DeviceAdminRow = z.infer<typeof deviceAdminRow>;
export const deviceAdminPage = page(deviceAdminRow);
export const deviceAdminDetail = deviceAdminRow.extend({
  sketch: z.string(),
  description: z.string(),
  sampleRequirement: z.string(),
  instrument: z.string(),
  options: z.array(deviceOption),
  /** Hot areas holding the item. */
  prefectureIds: z.array(z.number().int()),
});
export type DeviceAdminDetail = z.infer<typeof deviceAdminDetail>;
export const deviceShelfBody = z.object({ ids: ids('项目'), onShelf: z.boolean({ error: '[上架]格式不正确' }) });
export const deviceShelfResult = z.object({ changed: z.number().int() });

/** One refused row of an import: its row number in the sheet (the header is row 1) and why, in Chinese. */
export const importRefusal = z.object({ row: z.number().int(), rid: z.string(), reason: z.string() });
export const importReport = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  /** Rows added or updated, by row number. */
  addedRows: z.array(z.number().int()),
  updatedRows: z.array(z.number().int()),
  refused: z.array(importRefusal),
});
export type ImportReport = z.infer<typeof importReport>;

// ---- hot areas (专区)

export const prefectureAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  sort: z.number().int(),
  items: z.number().int(),
});
const prefectureFields = { name: text('专区名称', { max: 30 }), img: imageRef('图片'), sketch: optionalText('简介', { max: 200 }), sort };
export const prefectureAddBody = z.object({ ...prefectureFields, idempotencyKey: createKey });
export const prefectureEditBody = z.object({ id: id('专区'), ...prefectureFields });
export const prefectureItemsQuery = pagingQuery.extend({ id: id('专区') });
export const prefectureItemsBody = z.object({ id: id('专区'), deviceIds: ids('项目') });
export const prefectureItemAddBody = prefectureItemsBody.extend({ idempotencyKey: createKey });
export const prefectureItemsResult = z.object({ changed: z.number().int() });
export const prefectureItemsPage = page(deviceAdminRow);
