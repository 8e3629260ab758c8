import { SMS_PURPOSES } from '@yance/contracts/account';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';

/** Sends the change-phone code to the new number (code4sms useFor 4), after solving the proof of work. */
export async function sendContactCode(phone: string) {
  const { solveSmsChallenge } = await import('@/lib/sms-challenge.ts');
  const altcha = await solveSmsChallenge();
  await call('code4sms', { body: { phone, useFor: SMS_PURPOSES.contact, altcha } });
  notify.success('验证码已发送!');
}

/** Sends a code to the signed-in user's current phone (useFor 5), proving they hold it. */
export async function sendCurrentPhoneCode() {
  await call('code4currentPhone');
  notify.success('验证码已发送至当前手机号!');
}
