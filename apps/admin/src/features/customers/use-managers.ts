import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** Every staff member with the manager role (customer/managers), for the list's filter and 更换客户经理. */
export function useManagers(enabled = true) {
  return useQuery({
    queryKey: ['customerManagers'],
    queryFn: () => call('customerManagers', {}, { feedback: false }),
    enabled,
    staleTime: 60_000,
  });
}
