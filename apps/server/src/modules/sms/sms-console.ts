import type { FastifyBaseLogger } from 'fastify';
import { SMS_PURPOSE_NAMES, type SmsProvider } from '../../lib/sms-provider.ts';

/**
 * Development provider: one info line per code, greppable by msg "SMS"
 * (ADR 0008 gives the format; the e2e suite reads codes from it).
 */
export function consoleSms(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async send(phone, purpose, code) {
      log.info({ sms: { phone, useFor: purpose, purpose: SMS_PURPOSE_NAMES[purpose], code } }, 'SMS');
    },
    async notify(phone, notice) {
      log.info({ sms: { phone, notice: notice.kind, text: notice.text } }, 'SMS notice');
    },
  };
}
