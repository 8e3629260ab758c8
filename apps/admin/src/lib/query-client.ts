import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TOTP_ENROL_FIRST } from '@yance/contracts/staff-security';
import { ME_KEY } from './me.ts';

/**
 * A call refused with 请先绑定动态验证码 means the session became
 * enrolment-only meanwhile (a role that needs TOTP was added, or an admin
 * reset it): reading adminMe again sends the member to enrolment.
 */
const onError = (error: Error) => {
  if (error.message === TOTP_ENROL_FIRST) void queryClient.invalidateQueries({ queryKey: ME_KEY });
};

/** The console's one query client: staff work on live data, so answers go stale after 10 s and are refetched on focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } },
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
});
