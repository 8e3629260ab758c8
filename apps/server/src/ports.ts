// Who fills in what (ADR 0060): the one list of the ports a lower module
// declares for the parts only a module above it knows, and the module that
// plugs its part in — built once per app (and per test context), like the
// subscribers of subscribers.ts, and read from ctx.ports. So the modules'
// imports still point down their layers (tools/module-layers.ts).
import { createPorts, type Ports } from './lib/ports.ts';
import { CUSTOMER_FIRST_ORDER } from './modules/catalog/index.ts';
import { contractNextFacts } from './modules/contract/index.ts';
import { evaluationNextFacts } from './modules/evaluation/index.ts';
import { invoiceNextFacts } from './modules/invoice/index.ts';
import { labOrderDetailParts } from './modules/lab/index.ts';
import { MESSAGE_ORDER_NEXT } from './modules/notify/index.ts';
import { isFirstOrderOf, nextStepsOfIds, ORDER_DETAIL_PARTS, ORDER_NEXT_FACTS } from './modules/order/index.ts';
import { paymentNextFacts } from './modules/payment/index.ts';
import { samplingNextFacts } from './modules/sampling/index.ts';

/** The ports of an app (and of a test's context), every one plugged. */
export function modulePorts(): Ports {
  const ports = createPorts();
  // An order's detail (the customer's, the console's, the lab's): the lab's samples' tracking, test records,
  // price adjustments and final amount, retest window and result files.
  ports.plug(ORDER_DETAIL_PARTS, labOrderDetailParts);
  // What each message's order waits for from its customer now (ADR 0062): the order's one derivation.
  ports.plug(MESSAGE_ORDER_NEXT, nextStepsOfIds);
  // What each order waits for from its customer (ADR 0062): the facts beyond the order's row — the contract's scan,
  // a 补差价 due, the courier's number or the pick-up, the lines open to evaluation, what is left to invoice.
  ports.plug(ORDER_NEXT_FACTS, [contractNextFacts, paymentNextFacts, samplingNextFacts, evaluationNextFacts, invoiceNextFacts]);
  // Whether a customer's next order is their first (the promotion rules' 新客户首单, issue 21): the order page's estimate.
  ports.plug(CUSTOMER_FIRST_ORDER, isFirstOrderOf);
  return ports;
}
