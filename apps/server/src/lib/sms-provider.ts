import type { SmsPurpose } from '@yance/contracts/account';



export const SMS_PURPOSE_NAMES: Record<SmsPurpose, string> = { 0: 'register', 1: 'reset', 3: 'login', 4: 'contact' };

/** Sends one verification code; throws when the gateway refuses. */
export interface SmsProvider {
  readonly name: 'console' | 'aliyun' | 'tencent';
  send(phone: string, purpose: SmsPurpose, code: string): Promise<void>;
}
