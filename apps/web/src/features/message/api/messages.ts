import type { MessageListBody } from '@yance/contracts/message';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { MESSAGES_KEY } from '@/lib/query-keys.ts';

const UNREAD_KEY = [...MESSAGES_KEY, 'unread'] as const;

/** The header's badge: loads only while signed in (the layout knows), and looks again every minute and when the tab is back. */
export function useUnreadMessages(signedIn: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => call('messageUnread', {}, { signal, feedback: false }),
    enabled: signedIn,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
}

export type MessageListInput = Pick<MessageListBody, 'page' | 'pageSize' | 'unread'>;

export const getMessageListQueryOptions = (input: MessageListInput) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', input],
    queryFn: ({ signal }) => call('messageList', { body: input }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMessageList = (input: MessageListInput) => useQuery(getMessageListQueryOptions(input));

/** 标为已读 / 全部已读: the badge takes the answer's count, the lists reload. */
export function useReadMessages() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn: (body: { ids?: number[]; all?: boolean }) => call('messageRead', { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(UNREAD_KEY, data);
      void queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
    },
  });
}
