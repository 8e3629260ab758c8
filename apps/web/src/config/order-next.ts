// Where each step an order owes its customer is done (ADR 0062): the one map every page reads — the order's row
// and page, the message about it, the member centre's 待办. The steps themselves come from the server (`next`).
import { ORDER_NEXT_LABELS, type OrderNextStep } from '@yance/contracts/order-next';
import { paths } from './paths.ts';

export { ORDER_NEXT_LABELS, type OrderNextStep };

/** The page of a step (确认数据 is done in place, on the order's page). */
export const NEXT_STEP_HREF: Record<OrderNextStep, (orderId: number) => string> = {
  signContract: () => paths.experiment('contract'),
  pay: () => paths.member('unpaid'),
  payAdjustment: () => paths.member('unpaid'),
  ship: (id) => paths.orderStep(id, 'ship'),
  bookPickup: (id) => paths.orderStep(id, 'bookPickup'),
  confirmData: (id) => paths.orderStep(id, 'confirmData'),
  settle: () => paths.member('unsettled'),
  evaluate: (id) => paths.orderStep(id, 'evaluate'),
  invoice: (id) => paths.invoiceApply(id),
};

/** Steps done on the order's own page (the page opens their dialog when asked with ?step=). */
export const IN_PLACE_STEPS: readonly OrderNextStep[] = ['ship', 'bookPickup', 'confirmData', 'evaluate'];
