import { useChange } from '@/lib/use-change.ts';

/** What a change to one customer shows up in: the customer's page, the list, the dashboard's figures and the history. */
const CUSTOMER_VIEWS = ['customerDetail', 'customerList', 'dashboard', 'auditList'] as const;

/** A change to one customer (review, disable, enable, assign): on success its message, then CUSTOMER_VIEWS read again. */
export function useCustomerChange<T>(run: (input: T) => Promise<unknown>, done: string, onDone?: () => void) {
  return useChange(run, { done, refresh: CUSTOMER_VIEWS, onDone });
}
