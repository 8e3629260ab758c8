// Promotion pricing rules (优惠活动, issue 21): the one source of both the
// discount labels the shop shows (项目类型 and 项目 cards, the item page) and
// the discount a new order gets. An operator edits them in the console; the
// server prices order/add by them and the catalogue's labels are written from
// them. The arithmetic is zod-free below so the storefront's estimate and the
// server apply the very same function.
import { z } from 'zod';
import { fen, fenData, id } from './numbers.ts';
import { text } from './text.ts';
import { joinLabels } from './price-labels.ts';

export const PRICE_RULE_KINDS = ['percent', 'amount'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];
export const PRICE_RULE_KIND_NAMES: Record<PriceRuleKind, string> = { percent: '折扣', amount: '立减' };

/** Who a rule is for: a customer's first order (no order sent before that was not cancelled), or everyone. */
export const PRICE_RULE_AUDIENCES = ['firstOrder', 'everyone'] as const;
export type PriceRuleAudience = (typeof PRICE_RULE_AUDIENCES)[number];
export const PRICE_RULE_AUDIENCE_NAMES: Record<PriceRuleAudience, string> = { firstOrder: '新客户首单', everyone: '所有客户' };

export const PRICE_RULES_MAX = 20;
/** The setting key the rules are saved under. */
export const PRICE_RULES_SETTING_KEY = 'priceRules';

export const priceRule = z
  .object({
    /** Stable id the console keeps across edits (letters, digits, - and _). */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '[规则编号]格式不正确'),
    // No spaces: a card's label is its rules' labels joined by spaces (price-labels), and shownLabel takes some out again.
    label: text('优惠标签', { max: 20 }).refine((l) => !/\s/.test(l), '[优惠标签]不能含空格'),
    kind: z.enum(PRICE_RULE_KINDS, { error: '[优惠方式]不正确' }),
    /** percent: the share paid, 1–99 (90 = 9折). */
    ratePercent: z.number({ error: '[折扣]必须是整数' }).int('[折扣]必须是整数').min(1, '[折扣]须在1–99之间').max(99, '[折扣]须在1–99之间'),
    /** amount: the fen taken off once per order. */
    amountFen: fen('立减金额'),
    audience: z.enum(PRICE_RULE_AUDIENCES, { error: '[适用客户]不正确' }),
    /** The project types it covers (empty with empty deviceIds: every catalogue item). */
    typeIds: z.array(id('适用项目类型')).max(20, '[适用项目类型]最多20个'),
    /** Single items it covers besides the types. */
    deviceIds: z.array(id('适用项目')).max(200, '[适用项目]最多200个'),
    active: z.boolean(),
  })
  .refine((r) => r.kind !== 'amount' || r.amountFen > 0, { message: '[立减金额]必须大于0', path: ['amountFen'] });
export type PriceRule = z.infer<typeof priceRule>;

export const priceRules = z
  .object({ rules: z.array(priceRule).max(PRICE_RULES_MAX, `优惠活动最多${PRICE_RULES_MAX}条`) })
  .refine((s) => new Set(s.rules.map((r) => r.id)).size === s.rules.length, { message: '[规则编号]不能重复' });
export type PriceRules = z.infer<typeof priceRules>;
export const priceRulesData = z.object({
  rules: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      kind: z.enum(PRICE_RULE_KINDS),
      ratePercent: z.number().int(),
      amountFen: fenData,
      audience: z.enum(PRICE_RULE_AUDIENCES),
      typeIds: z.array(z.number().int()),
      deviceIds: z.array(z.number().int()),
      active: z.boolean(),
    }),
  ),
});

/**
 * What the shop's labels mean for the signed-in customer (priceOffers): a customer who has sent an order no longer
 * gets the 新客户首单 rules, so their labels are withheld from the labels shown to them (issue 21).
 */
export const priceOffersData = z.object({ firstOrder: z.boolean(), withheld: z.array(z.string()) });
export type PriceOffers = z.infer<typeof priceOffersData>;

/** Until an operator saves their own: the two offers the shop has always advertised (送样检测 9折 and 数据分析 ¥50 off, first order). */
export const DEFAULT_PRICE_RULES: PriceRules = priceRules.parse({
  rules: [
    {
      id: 'new-customer-90',
      label: '新客9折',
      kind: 'percent',
      ratePercent: 90,
      amountFen: 0,
      audience: 'firstOrder',
      typeIds: [1],
      deviceIds: [],
      active: true,
    },
    {
      id: 'first-order-50',
      label: '首单立减50元',
      kind: 'amount',
      ratePercent: 90,
      amountFen: 5000,
      audience: 'firstOrder',
      typeIds: [3],
      deviceIds: [],
      active: true,
    },
  ],
});

// ---- the arithmetic (zod-free use) ----------------------------------------------------------

/** What a rule reads of a line: its catalogue item (null for a quoted 定制项目, never discounted) and amount. */
export interface RuleLine {
  typeId: number;
  deviceId: number | null;
  /** null while waiting for a quote. */
  amountFen: number | null;
}

type RuleTerms = Pick<PriceRule, 'kind' | 'ratePercent' | 'amountFen' | 'audience' | 'typeIds' | 'deviceIds' | 'active' | 'label'>;
/** What a label reads of a rule. */
type LabelTerms = Pick<PriceRule, 'typeIds' | 'deviceIds' | 'active' | 'label'>;

/** Whether an active rule covers a catalogue item of this type. */
export const ruleCovers = (r: LabelTerms, typeId: number, deviceId: number | null): boolean =>
  r.active &&
  deviceId !== null &&
  ((r.typeIds.length === 0 && r.deviceIds.length === 0) || r.typeIds.includes(typeId) || r.deviceIds.includes(deviceId));

/** The labels the shop shows on a project type (rules naming the type) — the same rules that price. */
export const typeLabel = (rules: readonly LabelTerms[], typeId: number): string =>
  joinLabels(rules.filter((r) => r.active && r.typeIds.includes(typeId)).map((r) => r.label));

/** The labels on an item's card and page: every active rule that covers it. */
export const itemLabel = (rules: readonly LabelTerms[], typeId: number, deviceId: number): string =>
  joinLabels(rules.filter((r) => ruleCovers(r, typeId, deviceId)).map((r) => r.label));

export interface LineDiscount {
  /** Fen off the line (never more than its amount). */
  fen: number;
  /** The rules that gave it, as the shop labels them. */
  label: string;
}

/**
 * The discount of each line of an order by the rules: a line gets its best
 * percentage (rounded down to the fen: ¥1 311.11 × 10 % → ¥131.11); each
 * amount rule is taken once per order, from the first line it covers that
 * has money left. `firstOrder` says whether the customer's first-order rules
 * apply. Lines waiting for a quote get nothing.
 */
export function priceDiscounts(rules: readonly RuleTerms[], lines: readonly RuleLine[], ctx: { firstOrder: boolean }): LineDiscount[] {
  const live = rules.filter((r) => r.active && (r.audience === 'everyone' || ctx.firstOrder));
  const out = lines.map(() => ({ fen: 0, labels: [] as string[] }));
  lines.forEach((l, i) => {
    if (l.amountFen === null || l.amountFen <= 0) return;
    let best: RuleTerms | undefined;
    for (const r of live)
      if (r.kind === 'percent' && ruleCovers(r, l.typeId, l.deviceId) && (!best || r.ratePercent < best.ratePercent)) best = r;
    if (best) {
      out[i]!.fen = Math.floor((l.amountFen * (100 - best.ratePercent)) / 100);
      out[i]!.labels.push(best.label);
    }
  });
  for (const r of live) {
    if (r.kind !== 'amount') continue;
    const i = lines.findIndex((l, k) => l.amountFen !== null && ruleCovers(r, l.typeId, l.deviceId) && l.amountFen - out[k]!.fen > 0);
    if (i < 0) continue;
    const left = lines[i]!.amountFen! - out[i]!.fen;
    out[i]!.fen += Math.min(r.amountFen, left);
    out[i]!.labels.push(r.label);
  }
  return out.map((o) => ({ fen: o.fen, label: o.labels.join('、') }));
}
