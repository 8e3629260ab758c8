// What other modules use (coupon, demand, order, user)
export {
  fullChoices,
  linePrice,
  planCount,
  type PlanEntry,
  planLinesPriced,
  putIntoPlan,
  putQuoteLinesIntoPlan,
  quotePrice,
  takeFromPlan,
} from './plan.service.ts';
// A part of user/info's one statement (ADR 0067)
export { planLineCount } from './plan.repository.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { planRoutes } from './plan.routes.ts';

// For the demo data (db/seed)
export { addToPlan } from './plan.service.ts';
