import type { StatementBody } from '@yance/contracts/prestore';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { MONEY_KEY } from '@/lib/query-keys.ts';

/** prestore/info: the balance, the minimum and tiers, the gateways, the shop's bank account, top-ups waiting. */
export const getPrestoreInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...MONEY_KEY, 'info'],
    queryFn: ({ signal }) => call('prestoreInfo', {}, { signal }),
  });

export const usePrestoreInfo = () => useQuery(getPrestoreInfoQueryOptions());

export type StatementInput = Pick<StatementBody, 'page' | 'pageSize' | 'kind' | 'from' | 'to'>;

/** 余额明细: one page of the statement, newest first, each line with the balance after it. */
export const useStatement = (input: StatementInput) =>
  useQuery({
    queryKey: [...MONEY_KEY, 'statement', input],
    queryFn: ({ signal }) => call('prestoreList', { body: input }, { signal }),
    placeholderData: keepPreviousData,
  });

/** assets: the member center's money — balance, the research groups' balances and the caller's limits, what is due. */
export const useAssets = () =>
  useQuery({
    queryKey: [...MONEY_KEY, 'assets'],
    queryFn: ({ signal }) => call('assets', {}, { signal }),
  });
