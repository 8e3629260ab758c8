import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { composeMail, smtpMail } from './mail.ts';

describe('the SMTP adapter (ADR 0046)', () => {
  const mail = { to: 'zhang@example.edu.cn', subject: '【研测】检测数据已交付', text: '您的订单YC20261124-0001的检测数据已交付。' };

  it('hands nodemailer the sender, recipient, subject and plain text', () => {
    expect(composeMail('研测 <notice@example.cn>', mail)).toEqual({
      from: '研测 <notice@example.cn>',
      to: 'zhang@example.edu.cn',
      subject: '【研测】检测数据已交付',
      text: '您的订单YC20261124-0001的检测数据已交付。',
      textEncoding: 'base64',
    });
  });

  it('composes a UTF-8 message with encoded Chinese subject and text (rendered by a stream transport, no network)', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const sent: Buffer[] = [];
    const provider = smtpMail('研测 <notice@example.cn>', {
      sendMail: async (options: SendMailOptions) => {
        const info = await transport.sendMail(options);
        sent.push(info.message as Buffer);
        return info;
      },
    });
    expect(provider.name).toBe('smtp');
    await provider.send(mail);
    const raw = sent[0]!.toString('utf8');
    expect(raw).toMatch(/^From: =\?UTF-8\?B\?[^?]+\?= <notice@example\.cn>$/m);
    expect(raw).toMatch(/^To: zhang@example\.edu\.cn$/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Transfer-Encoding: base64$/m);
    const body = raw.split('\n\n').slice(1).join('').replace(/\s/g, '');
    expect(Buffer.from(body, 'base64').toString('utf8')).toBe(mail.text);
    // A long encoded subject is folded over several lines: unfold it first.
    const subject = /^Subject: (.+(?:\n[ \t].+)*)$/m.exec(raw)![1]!.replace(/\n[ \t]+/g, ' ');
    const decoded = subject.replace(/=\?UTF-8\?B\?([^?]+)\?=\s*/g, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
    expect(decoded).toBe(mail.subject);
  });
});
