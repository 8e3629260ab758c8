import type { AddressForm } from '@yance/contracts/user';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const addAddress = (body: AddressForm) => call('addressAdd', { body });

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: addAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
