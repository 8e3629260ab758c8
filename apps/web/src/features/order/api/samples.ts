import type { SampleListBody } from '@yance/contracts/lab';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { ORDERS_KEY } from '@/lib/query-keys.ts';

/** 我的样品: every sample of the customer's orders, a page at a time. */
export const useSampleList = (input: Pick<SampleListBody, 'page' | 'pageSize'>) =>
  useQuery({
    queryKey: [...ORDERS_KEY, 'samples', input],
    queryFn: ({ signal }) => call('sampleList', { body: input }, { signal }),
    placeholderData: keepPreviousData,
  });

/** 订单查询: the caller's own order by its number or a sample's number. */
export const useOrderQuery = () => useWrite({ mutationFn: (no: string) => call('orderQuery', { body: { no } }, { feedback: false }) });
