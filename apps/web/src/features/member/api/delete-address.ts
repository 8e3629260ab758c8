import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const deleteAddress = (address_rid: string) => call('addressDel', { body: { address_rid } });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: deleteAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
