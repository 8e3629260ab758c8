import type { Address, AddressForm } from '@yance/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

export const addAddress = (body: AddressForm) => api.post<Address>('/api/auth/address/add', body);

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAddress, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
