import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@yance/contracts/codes';
import { ApiError, call } from '@/lib/api-client.ts';

/** One catalogue item; an unknown rid fails with ApiError code 404 "项目不存在". */
export const getDeviceDetail = (rid: string, signal?: AbortSignal) =>
  // The page shows its own 404 state, so no toast for it.
  call('deviceDetail', { query: { rid } }, { signal, feedback: false });

export const getDeviceDetailQueryOptions = (rid: string) =>
  queryOptions({
    queryKey: ['catalog', 'detail', rid],
    queryFn: ({ signal }) => getDeviceDetail(rid, signal),
    retry: (count, err) => !isNotFound(err) && count < 1,
  });

export const useDeviceDetail = (rid: string) => useQuery(getDeviceDetailQueryOptions(rid));

export const isNotFound = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.NOT_FOUND;
