import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

export interface ResetInput {
  /** The phone number of the account. */
  account: string;
  code: string;
  password: string;
}

/** Reset the password with an SMS code (useFor 1). Quiet: the popup shows failures as an alert. */
export const resetPassword = (body: ResetInput) => call('reset', { body }, { feedback: false });

export const useResetPassword = () => useWrite({ mutationFn: resetPassword });
