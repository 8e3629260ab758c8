// What other modules use (catalog, order, plan)
export { dueDate, type Estimate, estimateForItem, estimatesOf, labCalendarOf } from './turnaround.service.ts';
