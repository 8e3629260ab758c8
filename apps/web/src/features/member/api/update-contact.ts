import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

/** Moves the account to a new phone, proven by a code sent to it (useFor 4). */
export const updateContact = (body: { phone: string; code: string }) => call('update4contact', { body });

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
