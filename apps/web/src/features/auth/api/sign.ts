import type { TokenPair } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface SignInput {
  phone: string;
  code: string;
  password: string;
  inviterCode?: string;
}

/** Register; the answer signs the new user in. Quiet: the popup shows failures as an alert. */
export const sign = (body: SignInput) => api.post<TokenPair>('/api/open/sign', body, { feedback: false });

export const useSign = () => useMutation({ mutationFn: sign });
