import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * A change to one customer (review, disable, enable, assign): on success the
 * server's message, then the customer's page, the list, the dashboard's
 * figures and the history read again.
 */
export function useCustomerChange<T>(run: (input: T) => Promise<unknown>, done: string, onDone?: () => void) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void message.success(done);
      for (const key of ['customerDetail', 'customerList', 'dashboard', 'auditList']) void queries.invalidateQueries({ queryKey: [key] });
      onDone?.();
    },
  });
}
