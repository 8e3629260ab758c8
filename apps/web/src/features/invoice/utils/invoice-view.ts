import type { InvoiceState } from '@yance/contracts/invoice-states';

/** The tag colour (antd preset) of each application state. */
export const STATE_COLORS: Record<InvoiceState, string> = {
  applied: 'blue',
  issued: 'green',
  rejected: 'red',
  withdrawn: 'default',
  reversed: 'orange',
};

/** An ISO time as the customer's clock reads it (the storefront's one time format). */
export { formatTime } from '@/lib/format.ts';
