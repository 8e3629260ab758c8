import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const deleteAddress = (address_rid: string) => api.post<null>('/api/auth/address/del', { address_rid });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
