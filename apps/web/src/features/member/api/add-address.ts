import type { AddressForm } from '@yance/contracts/user';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

/** address/add with the create call's key (ADR 0061): a repeat of one intent answers the address it made. */
export const addAddress = (body: AddressForm, idempotencyKey?: string) => call('addressAdd', { body: { ...body, idempotencyKey } });

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: addAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
