import { useSearchParams } from 'react-router';

/** A positive whole number from the address (?page=2), else undefined. */
export const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

/** One of `values` from the address, else undefined: a hand-edited address never reaches a call. */
export const oneOf = <T extends string>(v: string | null, values: readonly T[]) => (values.includes(v as T) ? (v as T) : undefined);

/**
 * A list's filters and page kept in the address (/orders?state=testing&page=2),
 * so 返回 from a row's page finds the list as it was. `read` builds the query
 * from the address; `update` writes a patch back, and any change but the
 * page's own starts again at page 1. Empty values and page 1 stay out of it.
 */
export function useListQuery<Q extends { page: number }>(read: (params: URLSearchParams) => Q): [Q, (patch: Partial<Q>) => void] {
  const [params, setParams] = useSearchParams();
  const query = read(params);
  const update = (patch: Partial<Q>) => {
    const next: Q = { ...query, page: 1, ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next as Record<string, unknown>))
      if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) out.set(k, String(v));
    setParams(out);
  };
  return [query, update];
}
