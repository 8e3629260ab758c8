import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DeviceSort } from '../api/search-devices.ts';

const SORTS: readonly DeviceSort[] = ['relevance', 'order', 'price_asc', 'price_desc'];

export const positiveInt = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface ListParams {
  kw: string;
  typeId?: number;
  childId?: number;
  areaId?: number;
  page: number;
  sort: DeviceSort;
}

/** The list state of a URL query; the route's data declaration reads the same. */
export function parseListParams(search: URLSearchParams): ListParams {
  const sort = search.get('sort') as DeviceSort | null;
  return {
    kw: search.get('kw')?.trim() ?? '',
    typeId: positiveInt(search.get('typeId')),
    childId: positiveInt(search.get('childId')),
    areaId: positiveInt(search.get('areaId')),
    page: positiveInt(search.get('page')) ?? 1,
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
  };
}

type Patch = Partial<Record<keyof ListParams, string | number | undefined>>;

/**
 * Catalogue list state kept in the URL query (?kw&typeId&childId&areaId&page&sort)
 * so every result page can be linked and survives reload. Changing a filter
 * goes back to page 1.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search), [search]);

  const update = useCallback(
    (patch: Patch) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'sort' && v === 'relevance')) next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      });
      if ('page' in patch) window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setSearch],
  );

  return [params, update] as const;
}
