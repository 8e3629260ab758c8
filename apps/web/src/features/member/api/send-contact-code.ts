import { SMS_PURPOSES } from '@yance/contracts/account';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notify.ts';

/** Sends the change-phone code to the new number (code4sms useFor 4). */
export async function sendContactCode(phone: string) {
  await api.post<null>('/api/open/code4sms', { phone, useFor: SMS_PURPOSES.contact });
  notify.success('验证码已发送!');
}
