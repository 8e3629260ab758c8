import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';

/** Sets the user name one can log in with. */
export const updateInfo = (body: { username: string }) => call('updateInfo', { body });

export function useUpdateInfo() {
  const queryClient = useQueryClient();
  return useWrite({ mutationFn: updateInfo, onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }) });
}
