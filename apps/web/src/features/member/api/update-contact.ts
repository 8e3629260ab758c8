import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import type { Update4contactBody } from '@yance/contracts/user';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

/**
 * Moves the account to a new phone, proven by a code sent to it (useFor 4),
 * with the current password or a code sent to the current phone (useFor 5).
 * The server ends every other login and tells the old phone (ADR 0021).
 */
export const updateContact = (body: Update4contactBody) => call('update4contact', { body });

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: updateContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
