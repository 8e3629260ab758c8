import type { SmsPurpose } from '@yance/contracts/account';

export const SMS_PURPOSE_NAMES: Record<SmsPurpose, string> = { 0: 'register', 1: 'reset', 3: 'login', 4: 'contact', 5: 'current-phone' };

/**
 * Notices: texts without a code, sent to tell the holder of a number about
 * their account. Their outbox purpose numbers start at 100, apart from every
 * code4sms useFor.
 */
export const SMS_NOTICES = { phoneChanged: 100, orderNotice: 101 } as const;
export type SmsNoticeKind = keyof typeof SMS_NOTICES;
export interface SmsNotice {
  kind: SmsNoticeKind;
  /** The template's one parameter (the new phone's last four digits; an order notice's text, ADR 0046). */
  param: string;
  /** The full text, as the console provider logs it and the outbox keeps it. */
  text: string;
}

/** Sends verification codes and notices; throws when the gateway refuses. */
export interface SmsProvider {
  readonly name: 'console' | 'aliyun' | 'tencent';
  send(phone: string, purpose: SmsPurpose, code: string): Promise<void>;
  notify(phone: string, notice: SmsNotice): Promise<void>;
}
