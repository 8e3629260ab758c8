// Domain events and the reactions subscribers.ts wires to them
export { afterAdjustMoney, afterOrderMoveMoney, refuseOverCredit } from './order-money.service.ts';
export { refundMachine } from './payment-admin.service.ts';
export { ORDER_PAID } from './payment-events.ts';
export { paymentNextFacts } from './payment-next.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { ledgerCheck } from './payment-admin.service.ts';
export { moneyJobs } from './payment-sweep.service.ts';
export { createGateways, paymentRoutes } from './payment.routes.ts';

// For the benchmarks and the cluster fixtures (scripts/)
export { createLocalGateway } from './local-gateway.ts';
