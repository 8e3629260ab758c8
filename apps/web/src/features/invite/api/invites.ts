import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { INVITES_KEY } from '@/lib/query-keys.ts';

/** The caller's invite code, the reward on offer and what they earned (ADR 0054). */
export const useInviteInfo = () =>
  useQuery({ queryKey: [...INVITES_KEY, 'info'], queryFn: ({ signal }) => call('inviteInfo', {}, { signal }) });

/** The caller's invitees, a page at a time (phones masked by the server). */
export const useInvitees = (page: number, pageSize: number) =>
  useQuery({
    queryKey: [...INVITES_KEY, 'list', page, pageSize],
    queryFn: ({ signal }) => call('inviteList', { body: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
