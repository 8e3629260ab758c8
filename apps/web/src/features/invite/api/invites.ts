import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { INVITES_KEY } from '@/lib/query-keys.ts';

/** The caller's invite code, the programme's terms, what they earned and their wallet (ADR 0054, ADR 0069). */
export const useInviteInfo = () =>
  useQuery({ queryKey: [...INVITES_KEY, 'info'], queryFn: ({ signal }) => call('inviteInfo', {}, { signal }) });

/** The caller's invitees, a page at a time (phones masked by the server). */
export const useInvitees = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...INVITES_KEY, 'list', page, pageSize],
    queryFn: ({ signal }) => call('inviteList', { body: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The programme's terms for anyone (invite/terms, open): the /invited popup and the member centre render them (ADR 0069). */
export const getInviteTermsQueryOptions = () =>
  queryOptions({ queryKey: ['invite-terms'], queryFn: ({ signal }) => call('inviteTerms', {}, { signal }), staleTime: 60_000 });
export const useInviteTerms = () => useQuery(getInviteTermsQueryOptions());
