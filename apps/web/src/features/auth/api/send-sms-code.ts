import { useMutation } from '@tanstack/react-query';
import type { PublicSmsPurpose } from '@yance/contracts/account';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.ts';

/** code4sms useFor: 0 register, 1 reset, 3 login (spec §7). */
export type SmsUse = Extract<PublicSmsPurpose, 0 | 1 | 3>;

/** Sends an SMS code after solving the proof of work; a refusal (rate limit, budget) is an error toast. */
export const sendSmsCode = async (phone: string, useFor: SmsUse) => {
  const { solveSmsChallenge } = await import('@/lib/sms-challenge.ts');
  const altcha = await solveSmsChallenge();
  await api.post<null>('/api/open/code4sms', { phone, useFor, altcha });
  notify.success('验证码已发送!');
};

export const useSendSmsCode = () => useMutation({ mutationFn: (v: { phone: string; useFor: SmsUse }) => sendSmsCode(v.phone, v.useFor) });
