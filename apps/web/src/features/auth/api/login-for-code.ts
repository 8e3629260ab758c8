import type { TokenPair } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface LoginForCodeInput {
  phone: string;
  code: string;
}

/** SMS login (code sent with useFor 3). Quiet: the popup shows failures as an alert. */
export const loginForCode = (body: LoginForCodeInput) => api.post<TokenPair>('/api/open/loginForCode', body, { feedback: false });

export const useLoginForCode = () => useMutation({ mutationFn: loginForCode });
