import type { PublicSmsPurpose, SMS_PURPOSES } from '@yance/contracts/account';
import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';

/** code4sms useFor of the account popups: 0 register, 1 reset, 3 login (spec §7). */
export type SmsUse = Exclude<PublicSmsPurpose, typeof SMS_PURPOSES.contact>;

/** Sends an SMS code after solving the proof of work (ADR 0023); a refusal (rate limit, budget) is an error toast. */
export const sendSmsCode = async (phone: string, useFor: SmsUse) => {
  const { solveSmsChallenge } = await import('@/lib/sms-challenge.ts');
  const altcha = await solveSmsChallenge();
  await call('code4sms', { body: { phone, useFor, altcha } });
  notify.success('验证码已发送!');
};

export const useSendSmsCode = () => useWrite({ mutationFn: (v: { phone: string; useFor: SmsUse }) => sendSmsCode(v.phone, v.useFor) });
