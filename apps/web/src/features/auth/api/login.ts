import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

export interface LoginInput {
  account: string;
  password: string;
}

/** Password login (account = user name or phone). Quiet: the popup shows failures as an alert. */
export const login = (body: LoginInput) => call('login', { body }, { feedback: false });

export const useLogin = () => useWrite({ mutationFn: login });
