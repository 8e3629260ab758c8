import { SMS_PURPOSES } from '@yance/contracts/account';
import { call } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.ts';

/** Sends the change-phone code to the new number (code4sms useFor 4). */
export async function sendContactCode(phone: string) {
  await call('code4sms', { body: { phone, useFor: SMS_PURPOSES.contact } });
  notify.success('验证码已发送!');
}
