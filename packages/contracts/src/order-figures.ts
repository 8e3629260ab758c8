// An order's figures (issue 21): every amount a page, PDF, e-mail, console
// room, export or ledger line shows of an order, computed by the server's one
// function (modules/order/order-figures.ts) and read from there everywhere.
import { z } from 'zod';
import { fenData } from './numbers.ts';

export const orderFigures = z.object({
  /** The lines' sum (each: unit price with its options × count, or the quote, less the promotion rules' discount it was sent with); null while a line waits for its quote. */
  totalFen: fenData.nullable(),
  /** What the promotion rules (新客9折 …) took off the lines, already out of totalFen: part of 已优惠 on the order list. */
  promoFen: fenData,
  /** The price adjustments so far: 补差价 (+) and 退差价 (−). */
  adjustFen: z.number().int(),
  /** total + adjustments (最终金额); null while a line waits for its quote. */
  finalFen: fenData.nullable(),
  /** The coupon the order holds and what of it applies (never more than the final amount). */
  couponName: z.string(),
  couponFen: fenData,
  /** The points the order spent and what of them applies after the coupon. */
  points: z.number().int(),
  pointsFen: fenData,
  /** What the customer pays for the order (实付金额): final − coupon − points; null while a line waits for its quote. */
  payableFen: fenData.nullable(),
  /** The customer's money the order holds now (paid, less what went back to them). */
  paidFen: z.number().int(),
  /** What went back to the customer: 退差价 and approved refunds. */
  refundedFen: fenData,
  /** What the customer has to pay now (待付款, 补差价, 待结算, 欠款中); 0 otherwise. */
  dueFen: fenData,
});
export type OrderFigures = z.infer<typeof orderFigures>;

/** 已优惠: everything the shop took off the order — the promotion rules, the coupon and the points. */
export const savedFenOf = (f: Pick<OrderFigures, 'promoFen' | 'couponFen' | 'pointsFen'>): number => f.promoFen + f.couponFen + f.pointsFen;
