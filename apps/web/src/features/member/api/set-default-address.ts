import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const setDefaultAddress = (address_rid: string) => call('addressDefault', { body: { address_rid } });

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
