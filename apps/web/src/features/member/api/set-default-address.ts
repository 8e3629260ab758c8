import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const setDefaultAddress = (address_rid: string) => api.post<null>('/api/auth/address/default', { address_rid });

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
