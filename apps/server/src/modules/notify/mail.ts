import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { Mail, MailProvider } from '../../lib/mail-provider.ts';

/**
 * Development and default provider: one info line per e-mail, greppable by msg "MAIL" (ADR 0046).
 * Attachments are named with their type and size only: a PDF's bytes would flood the log.
 */
export function logMail(log: FastifyBaseLogger): MailProvider {
  return {
    name: 'log',
    async send(mail) {
      const attachments = mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length }));
      log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text, ...(attachments ? { attachments } : {}) } }, 'MAIL');
    },
  };
}

/** What the SMTP adapter hands to nodemailer: plain UTF-8 text from the configured sender, with its files attached. */
export function composeMail(from: string, mail: Mail): SendMailOptions {
  const options: SendMailOptions = { from, to: mail.to, subject: mail.subject, text: mail.text, textEncoding: 'base64' };
  if (mail.attachments?.length) {
    options.attachments = mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType }));
  }
  return options;
}

/** What the SMTP adapter needs of a nodemailer transport. */
type MailTransport = Pick<Transporter, 'sendMail'>;

/** Sends through an SMTP server (MAIL_PROVIDER=smtp); tests hand in another nodemailer transport. */
export function smtpMail(from: string, transport: MailTransport): MailProvider {
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail(composeMail(from, mail));
    },
  };
}

/** The provider chosen by MAIL_PROVIDER; app.ts builds it once and hands it to every module in the context. */
export function createMailProvider(config: Config, log: FastifyBaseLogger): MailProvider {
  if (config.MAIL_PROVIDER !== 'smtp') return logMail(log);
  // nodemailer (40 files) is loaded with the first e-mail a process sends, not at start-up.
  let transport: Promise<MailTransport> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return smtpMail(config.MAIL_FROM, { sendMail: async (options: SendMailOptions) => (await connect()).sendMail(options) });
}
