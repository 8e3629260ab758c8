import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const setDefaultAddress = (address_rid: string) => call('addressDefault', { body: { address_rid } });

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: setDefaultAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
