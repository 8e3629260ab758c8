import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ResetInput {
  /** The phone number of the account. */
  account: string;
  code: string;
  password: string;
}

/** Reset the password with an SMS code (useFor 1). Quiet: the popup shows failures as an alert. */
export const resetPassword = (body: ResetInput) => api.post<null>('/api/open/reset', body, { feedback: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
