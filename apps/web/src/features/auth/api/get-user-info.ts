import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';
import { USER_INFO_KEY } from '@/lib/query-keys.ts';
import { useSignedIn } from '@/lib/use-signed-in.ts';

/** The signed-in user: userInfo, address list, cartNum (spec §3). */
export const getUserInfo = ({ signal }: { signal?: AbortSignal } = {}) => call('userInfo', {}, { signal });

export const getUserInfoQueryOptions = () =>
  queryOptions({ queryKey: USER_INFO_KEY, queryFn: ({ signal }) => getUserInfo({ signal }), staleTime: 60_000, retry: false });

/** Loads only while a token is stored; signed out, data is undefined. */
export function useUserInfo() {
  const signedIn = useSignedIn();
  return useQuery({ ...getUserInfoQueryOptions(), enabled: signedIn });
}
