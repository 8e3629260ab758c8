import type { SMS_PURPOSES, SmsPurpose } from '@yance/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.ts';

/** code4sms useFor of the account popups: 0 register, 1 reset, 3 login (spec §7). */
export type SmsUse = Exclude<SmsPurpose, typeof SMS_PURPOSES.contact>;

/** Sends an SMS code; a refusal (rate limit, unknown phone) is an error toast. */
export const sendSmsCode = async (phone: string, useFor: SmsUse) => {
  await call('code4sms', { body: { phone, useFor } });
  notify.success('验证码已发送!');
};

export const useSendSmsCode = () => useMutation({ mutationFn: (v: { phone: string; useFor: SmsUse }) => sendSmsCode(v.phone, v.useFor) });
