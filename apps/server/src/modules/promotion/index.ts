// What other modules use (invite, payment)
export {
  approvedPromoterRate,
  earnRebate,
  PAID_ACTIONS,
  PAYMENT_KINDS,
  rebatesByCustomer,
  startRebateClock,
} from './promotion-rebate.service.ts';
export { getPromotionSettings, walletAssets, walletBalances } from './promotion.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { promoterMachine } from './promotion-promoter.service.ts';
export { withdrawalMachine } from './promotion-withdraw.service.ts';
export { afterOrderMovePromotion } from './promotion-rebate.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { promotionRoutes } from './promotion.routes.ts';
export { promotionJobs } from './promotion-rebate.service.ts';
