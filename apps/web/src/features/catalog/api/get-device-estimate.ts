import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/**
 * The live turnaround of an item for `count` samples (the lab's queue now,
 * ADR 0047). Asked in the browser only: the server-rendered page stays
 * cacheable and the queue's answer never goes stale in it.
 */
export const useDeviceEstimate = (rid: string, count: number, enabled = true) =>
  useQuery({
    queryKey: ['catalog', 'estimate', rid, count],
    queryFn: ({ signal }) => call('deviceEstimate', { query: { rid, count } }, { signal, feedback: false }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
