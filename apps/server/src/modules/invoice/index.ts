// Domain events and the reactions subscribers.ts wires to them
export { afterInvoiceMove, invoiceMachine, reverseInvoicesOfOrder } from './invoice.service.ts';
export { invoiceNextFacts } from './invoice-next.ts';

// Routes, jobs and providers that app.ts mounts and starts
export { invoiceJobs } from './invoice-apply.service.ts';
export { invoiceRoutes } from './invoice.routes.ts';
