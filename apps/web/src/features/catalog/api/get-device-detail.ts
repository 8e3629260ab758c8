import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isNotFound } from '@yance/browser/api-client';

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

/** enabled false: the server already said the item does not exist (a 404 page), no need to ask again. */
export const useDeviceDetail = (rid: string, enabled = true) => useQuery({ ...getDeviceDetailQueryOptions(rid), enabled });
