import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

export type DeviceSort = 'relevance' | 'order' | 'price_asc' | 'price_desc';

export interface SearchDevicesParams {
  kw?: string;
  typeId?: number;
  childId?: number;
  areaId?: number;
  page?: number;
  pageSize?: number;
  sort?: DeviceSort;
}

/** Catalogue search: keyword, type/child/area filters, sort, paging. */
export const searchDevices = (params: SearchDevicesParams, signal?: AbortSignal) =>
  call('deviceSearch', { query: { ...params } }, { signal });

export const searchDevicesQueryOptions = (params: SearchDevicesParams) =>
  queryOptions({
    queryKey: ['catalog', 'search', params],
    queryFn: ({ signal }) => searchDevices(params, signal),
    // keep the old page on screen while the next one loads, so the list does not jump
    placeholderData: keepPreviousData,
  });
