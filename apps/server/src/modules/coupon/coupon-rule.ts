// A template's rule as the contracts' saving rules read it (fixed at the template's creation).
import type { CouponRule } from '@yance/contracts/coupon-states';
import type { TemplateRow } from './coupon.repository.ts';

export const ruleOf = (t: TemplateRow): CouponRule => ({
  kind: t.kind,
  amountFen: t.amountFen,
  thresholdFen: t.thresholdFen,
  ratePercent: t.ratePercent,
  maxOffFen: t.maxOffFen,
  typeIds: t.typeIds,
  deviceIds: t.deviceIds,
});
