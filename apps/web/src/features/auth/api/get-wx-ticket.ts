import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** A fresh WeChat login ticket and what its QR encodes. */
export const getWxTicket = ({ signal }: { signal?: AbortSignal } = {}) => call('wxTicket', {}, { signal });

export const getWxTicketQueryOptions = () =>
  queryOptions({ queryKey: ['wx-ticket'], queryFn: ({ signal }) => getWxTicket({ signal }), staleTime: Infinity, gcTime: 0, retry: false });

/** Each mount of the QR tab gets its own ticket (gcTime 0); refetch() issues a new one. */
export const useWxTicket = () => useQuery(getWxTicketQueryOptions());
