import { useSearchParams } from 'react-router';
import { ATTESTATION_STATES, type AttestationState } from '@yance/contracts/states';
import { int, oneOf } from '@/lib/url-query.ts';

export const SEARCH_FIELDS = [
  { value: 'phone', label: '手机号' },
  { value: 'name', label: '姓名' },
  { value: 'company', label: '单位' },
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number]['value'];

export interface CustomerQuery {
  page: number;
  field: SearchField;
  kw: string;
  organization?: number;
  attestation?: AttestationState;
  managerId?: number;
  disabled?: 'true' | 'false';
  sort: 'createdDesc' | 'createdAsc';
}

/**
 * The list's search, filters, page and order live in the address (/customers?attestation=pending&page=2):
 * the dashboard links to a filtered list, and 返回 from a customer's page finds the list as it was.
 */
export function useCustomerQuery(): [CustomerQuery, (patch: Partial<CustomerQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query: CustomerQuery = {
    page: int(params.get('page')) || 1,
    field: oneOf(params.get('field'), ['phone', 'name', 'company'] as const) ?? 'phone',
    kw: params.get('kw') ?? '',
    organization: int(params.get('organization')),
    attestation: oneOf(params.get('attestation'), ATTESTATION_STATES),
    managerId: int(params.get('managerId')),
    disabled: oneOf(params.get('disabled'), ['true', 'false'] as const),
    sort: oneOf(params.get('sort'), ['createdDesc', 'createdAsc'] as const) ?? 'createdDesc',
  };
  const update = (patch: Partial<CustomerQuery>) => {
    // Any change but the page's own starts again at page 1.
    const next: CustomerQuery = { ...query, page: 1, ...patch };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) {
      const isDefault = (k === 'page' && v === 1) || (k === 'field' && v === 'phone') || (k === 'sort' && v === 'createdDesc');
      if (v !== undefined && v !== '' && !isDefault) out.set(k, String(v));
    }
    setParams(out);
  };
  return [query, update];
}

/** The customerList query of the list's state: the search word goes to the chosen field. */
export const apiQueryOf = (q: CustomerQuery, pageSize: number) => ({
  page: q.page,
  pageSize,
  sort: q.sort,
  organization: q.organization,
  attestation: q.attestation,
  managerId: q.managerId,
  disabled: q.disabled,
  ...(q.kw ? { [q.field]: q.kw } : {}),
});
