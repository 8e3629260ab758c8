// The promotion rules in force (优惠活动, issue 21): what order/add prices a new order by, what the catalogue's
// discount labels are written from (discount-labels.service.ts), and what the order page's estimate shows.
import {
  DEFAULT_PRICE_RULES,
  priceDiscounts,
  PRICE_RULES_SETTING_KEY,
  priceRules,
  type LineDiscount,
  type PriceOffers,
  type PriceRules,
  type RuleLine,
} from '@yance/contracts/price-rules';
import type { AppContext } from '../../context.ts';
import { getSettingValue } from '../setting/index.ts';
import { CUSTOMER_FIRST_ORDER } from './first-order-port.ts';

/** The promotion rules in force: the saved ones, or product's defaults until an operator saves theirs. */
export async function getPriceRules(ctx: AppContext): Promise<PriceRules> {
  const saved = await getSettingValue(ctx, PRICE_RULES_SETTING_KEY);
  if (saved === undefined) return DEFAULT_PRICE_RULES;
  const parsed = priceRules.safeParse(saved);
  return parsed.success ? parsed.data : DEFAULT_PRICE_RULES;
}

/**
 * What the rules would take off these lines if the customer sent them now (the order page's estimate, coupon/usable):
 * the same function order/add applies, which decides again under the customer's lock when the order is sent.
 */
export async function discountsFor(ctx: AppContext, userId: number, lines: readonly RuleLine[]): Promise<LineDiscount[]> {
  const firstOrder = await ctx.ports.get(CUSTOMER_FIRST_ORDER)(ctx, userId);
  return priceDiscounts((await getPriceRules(ctx)).rules, lines, { firstOrder });
}

/** The labels withheld from this customer: the 新客户首单 rules' once they have sent an order (priceOffers). */
export async function offersFor(ctx: AppContext, userId: number): Promise<PriceOffers> {
  const firstOrder = await ctx.ports.get(CUSTOMER_FIRST_ORDER)(ctx, userId);
  const { rules } = await getPriceRules(ctx);
  const withheld = firstOrder ? [] : rules.filter((r) => r.active && r.audience === 'firstOrder').map((r) => r.label);
  // A label an 'everyone' rule also carries stays shown.
  const kept = new Set(rules.filter((r) => r.active && r.audience === 'everyone').map((r) => r.label));
  return { firstOrder, withheld: [...new Set(withheld)].filter((l) => !kept.has(l)) };
}
