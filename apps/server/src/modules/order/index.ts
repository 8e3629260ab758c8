// What other modules use (contract, demand, evaluation, invoice, lab, payment, reservation, sampling; also db/seed)
export { adminMove, adminOrderDetail, staffMover, staffOrder, staffOrderDetail } from './order-admin.service.ts';
export {
  ATTESTATION_NEEDED,
  customerCard,
  customerMover,
  customerName,
  customerOrdersIn,
  deliveredAt,
  findCustomerOrder,
  findReachableOrder,
  isFirstOrderOf,
  lockCustomerOrder,
  lockOrderForCustomer,
  lockOrderingCustomer,
  lockReachableOrder,
  moveOrder,
  type Mover,
  moverActor,
  orderBriefOf,
  orderLines,
  orderNoOf,
  type OrderRow,
  orderStateOf,
  recordOrderEvent,
  recordOrderNote,
} from './order-api.service.ts';
export { detailOf } from './order-detail.service.ts';
export { nextStepsOfIds } from './order-next.ts';
// An order's figures (issue 21): the one function every amount of an order is read from
export {
  dueOf,
  figuresOf,
  figuresOfOrder,
  finalOf,
  orderFigures,
  type OrderFacts,
  PREPAID_STATES,
  splitBill,
  unbilledOf,
} from './order-figures.ts';
export { orderFacts } from './order-figures.repository.ts';

// The port the composition root (src/ports.ts) plugs the lab's parts of the detail into (ADR 0060)
export { ORDER_DETAIL_PARTS, type OrderDetailParts } from './order-detail-parts.ts';

// Domain events and the reactions subscribers.ts wires to them
export { ORDER_SENDING } from './order-events.ts';
export { addFacts, type NextFactsRequest, type NextFactsSource, ORDER_NEXT_FACTS } from './order-next.ts';
export { orderMachine } from './order-transition.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { orderCallRoutes } from './order-call.routes.ts';
export { orderAdminRoutes, orderRoutes } from './order.routes.ts';

// For the demo data (db/seed)
export { addOrder, customerMove } from './order.service.ts';
