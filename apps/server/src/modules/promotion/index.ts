// What other modules use (payment)
export { walletAssets } from './promotion.service.ts';

// Domain events and the reactions subscribers.ts wires to them
export { promoterMachine, tellPromoter } from './promotion-promoter.service.ts';
export { tellWithdrawal, withdrawalMachine } from './promotion-withdraw.service.ts';
export { afterOrderMovePromotion } from './promotion.service.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { promotionRoutes } from './promotion.routes.ts';
export { promotionJobs } from './promotion.service.ts';
