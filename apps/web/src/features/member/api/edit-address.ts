import type { AddressForm } from '@yance/contracts/user';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const editAddress = (body: AddressForm & { address_rid: string }) => call('addressEdit', { body });

export function useEditAddress() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: editAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
