// 优惠活动 (issue 21): the promotion rules that price new orders (order/add,
// through catalog's getPriceRules) and that the shop's discount labels are
// written from. Saving them writes the labels in the same transaction, so a
// label never shows a rule the price does not apply.
import { PRICE_RULES_SETTING_KEY, type PriceRules } from '@yance/contracts/price-rules';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getPriceRules, refreshDiscountLabels, SHOWCASE_CHANGED, targetsExist } from '../catalog/index.ts';
import { saveAuditedSetting } from '../setting/index.ts';

export const adminPriceRules = (ctx: AppContext) => getPriceRules(ctx);

/** Saves the rules (audited) and writes every discount label from them, in one transaction; the home page's cache goes. */
export async function savePriceRules(ctx: AppContext, caller: StaffCaller, value: PriceRules, ip: string): Promise<PriceRules> {
  await ctx.tx(async (t) => {
    // A rule for nothing would label nothing and price nothing.
    const missing = await targetsExist(t, value);
    if (missing) throw new AppError('INVALID', missing);
    await saveAuditedSetting(t, caller, PRICE_RULES_SETTING_KEY, value, ip);
    await refreshDiscountLabels(t, value);
  });
  await ctx.emit(SHOWCASE_CHANGED, { what: 'catalog' });
  return getPriceRules(ctx);
}
