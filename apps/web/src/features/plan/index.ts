// The plan's front door (ADR 0059): what another feature may use of it.
export { dropPlanLine } from './api/add-to-plan.ts';
export { setCartNum, usePlan } from './api/plan.ts';
export { lineAmount, parseIdList, planLines } from './utils/plan-lines.ts';
