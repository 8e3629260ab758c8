// What the customer must do now with an order (issue 21, ADR 0062): one derivation, read by every page —
// the order list's row, the order page, the message that announced the state, the member centre's count.
// The server fills the facts and answers `next` on the order's summary and detail; the pages only map a
// step to its button.
import { CONTRACT_TRANSITIONS, type ContractState } from './contract-states.ts';
import { isEvaluable } from './evaluation.ts';
import { canLeave, ORDER_TRANSITIONS, type OrderAction, type OrderKind, type OrderState } from './order-states.ts';
import { SAMPLING_TRANSITIONS } from './sampling-states.ts';

/** The steps a customer may owe an order, in the order they are shown (the first is the main one). */
export const ORDER_NEXT_STEPS = [
  'signContract',
  'pay',
  'payAdjustment',
  'ship',
  'bookPickup',
  'confirmData',
  'settle',
  'evaluate',
  'invoice',
] as const;
export type OrderNextStep = (typeof ORDER_NEXT_STEPS)[number];

/** The button's words, and the member centre's (待 + these words). */
export const ORDER_NEXT_LABELS: Record<OrderNextStep, string> = {
  signContract: '签署合同',
  pay: '支付',
  payAdjustment: '补差价',
  ship: '填写快递单号',
  bookPickup: '预约上门取样',
  confirmData: '确认数据',
  settle: '结算',
  evaluate: '评价',
  invoice: '申请开票',
};

/**
 * What the order's own row does not say and other modules know (gathered by the server, ADR 0062); a fact left
 * out is "nothing to do there".
 */
export interface OrderNextFacts {
  /** The contract's state while the order is 待签约 (none before the first scan). */
  contract?: ContractState;
  /** A sampling request (快递单号 or 上门取样) is active for the samples the order waits for. */
  samplingActive?: boolean;
  /** What the customer pays now outside a state's own payment (补差价 on a prepaid order), in fen. */
  adjustmentDueFen?: number;
  /** Lines still open to evaluation. */
  unevaluated?: number;
  /** What of the order may still be invoiced, in fen. */
  invoiceableFen?: number;
}

/** The order's own transitions the customer takes forward (取消 is the customer's too, but never what is owed). */
const STEP_OF_ACTION: Partial<Record<OrderAction, OrderNextStep>> = { pay: 'pay', confirmData: 'confirmData', settle: 'settle' };

const customerMay = (t: { by: readonly object[] }) => t.by.some((who) => 'customer' in who);

/**
 * The one derivation: the order's transitions the customer may take from its state, the contract's and the
 * sampling request's (each gated on the order's state by its table), and the facts that say whether money,
 * an evaluation or an invoice is still owed. A draft owes nothing here (继续编辑 is on its row).
 */
export function orderNextSteps(order: { state: OrderState; kind: OrderKind }, facts: OrderNextFacts = {}): OrderNextStep[] {
  const { state } = order;
  if (state === 'draft') return [];
  const steps = new Set<OrderNextStep>();
  const upload = CONTRACT_TRANSITIONS.upload;
  if (
    customerMay(upload) &&
    (upload.parentIn as readonly OrderState[]).includes(state) &&
    (upload.from as readonly ContractState[]).includes(facts.contract ?? 'none') &&
    facts.contract !== 'uploaded'
  )
    steps.add('signContract');
  for (const [action, step] of Object.entries(STEP_OF_ACTION) as [OrderAction, OrderNextStep][]) {
    if (customerMay(ORDER_TRANSITIONS[action]) && canLeave(action, state)) steps.add(step);
  }
  if ((facts.adjustmentDueFen ?? 0) > 0 && !steps.has('pay') && !steps.has('settle')) steps.add('payAdjustment');
  if (!facts.samplingActive) {
    const { send, book } = SAMPLING_TRANSITIONS;
    if (customerMay(send) && (send.parentIn as readonly OrderState[]).includes(state)) steps.add('ship');
    if (customerMay(book) && (book.parentIn as readonly OrderState[]).includes(state)) steps.add('bookPickup');
  }
  if (isEvaluable(state) && (facts.unevaluated ?? 0) > 0) steps.add('evaluate');
  if (state === 'completed' && (facts.invoiceableFen ?? 0) > 0) steps.add('invoice');
  return ORDER_NEXT_STEPS.filter((s) => steps.has(s));
}
