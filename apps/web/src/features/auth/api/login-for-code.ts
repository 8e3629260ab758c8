import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

export interface LoginForCodeInput {
  phone: string;
  code: string;
}

/** SMS login (code sent with useFor 3). Quiet: the popup shows failures as an alert. */
export const loginForCode = (body: LoginForCodeInput) => call('loginForCode', { body }, { feedback: false });

export const useLoginForCode = () => useWrite({ mutationFn: loginForCode });
