import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { composeMail, createMailProvider, logMail, smtpMail } from './mail.ts';

/** An SMTP provider whose messages are rendered by nodemailer's stream transport (no network): the raw MIME of each. */
function renderedSmtp() {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent: string[] = [];
  const provider = smtpMail('研测 <notice@example.cn>', {
    sendMail: async (options: SendMailOptions) => {
      const info = await transport.sendMail(options);
      sent.push((info.message as Buffer).toString('utf8'));
      return info;
    },
  });
  return { provider, sent };
}

/** The parts of a multipart message: each part's headers (unfolded, by lower-case name) and its body. */
function mimeParts(raw: string): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";\n]+)"?/.exec(raw)![1]!;
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head, ...body] = part.replace(/^\n/, '').split('\n\n');
      const headers: Record<string, string> = {};
      for (const line of head!.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      return { headers, body: body.join('\n\n') };
    });
}

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
    const { provider, sent } = renderedSmtp();
    expect(provider.name).toBe('smtp');
    await provider.send(mail);
    const raw = sent[0]!;
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

  // A stand-in for the invoice PDF: its magic, a binary run (every byte value) and an end marker.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
  const invoice = {
    to: 'fin@example.com',
    subject: '【研测】电子发票 FP000042',
    text: '您的电子发票已开具，PDF文件见附件。',
    attachments: [{ filename: '26310000000012345678.pdf', content: pdf, contentType: 'application/pdf' }],
  };

  it('hands nodemailer each attachment’s name, bytes and type (and no attachments key for plain mail)', () => {
    expect(composeMail('研测 <notice@example.cn>', invoice)).toMatchObject({
      to: 'fin@example.com',
      text: invoice.text,
      attachments: [{ filename: '26310000000012345678.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(composeMail('研测 <notice@example.cn>', mail)).not.toHaveProperty('attachments');
  });

  it('sends the PDF as a base64 attachment part beside the text: the MIME carries its bytes unchanged', async () => {
    const { provider, sent } = renderedSmtp();
    await provider.send(invoice);
    const raw = sent[0]!;
    expect(raw).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    const [text, file, ...more] = mimeParts(raw);
    expect(more).toEqual([]);
    expect(text!.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Buffer.from(text!.body.replace(/\s/g, ''), 'base64').toString('utf8')).toBe(invoice.text);
    expect(file!.headers['content-type']).toBe('application/pdf; name=26310000000012345678.pdf');
    expect(file!.headers['content-disposition']).toBe('attachment; filename=26310000000012345678.pdf');
    expect(file!.headers['content-transfer-encoding']).toBe('base64');
    expect(Buffer.from(file!.body.replace(/\s/g, ''), 'base64').equals(pdf)).toBe(true);
  });
});

describe('the log provider (ADR 0046)', () => {
  it('logs each attachment’s name, type and size, never its bytes', async () => {
    const lines: { obj: unknown; msg: string }[] = [];
    const log = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    const content = Buffer.from('%PDF-1.7 secret bytes');
    await logMail(log).send({
      to: 'fin@example.com',
      subject: '【研测】电子发票 FP000042',
      text: '见附件',
      attachments: [{ filename: '12345678.pdf', content, contentType: 'application/pdf' }],
    });
    expect(lines).toEqual([
      {
        msg: 'MAIL',
        obj: {
          mail: {
            to: 'fin@example.com',
            subject: '【研测】电子发票 FP000042',
            text: '见附件',
            attachments: [{ filename: '12345678.pdf', contentType: 'application/pdf', bytes: content.length }],
          },
        },
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

/** A one-connection-at-a-time SMTP server on loopback that keeps each message's DATA: enough for nodemailer to deliver to. */
async function localSmtp() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string[] | null = null;
    socket.write('220 localhost ESMTP\r\n');
    createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
      if (data) {
        if (line === '.') {
          received.push(data.join('\n'));
          data = null;
          socket.write('250 OK queued\r\n');
        } else data.push(line);
        return;
      }
      const verb = line.split(' ')[0]!.toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
      else if (verb === 'DATA') {
        data = [];
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 OK\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('createMailProvider', () => {
  it('with MAIL_PROVIDER=smtp delivers to the configured server (nodemailer loaded with the first e-mail)', async () => {
    const smtp = await localSmtp();
    try {
      const config = loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' });
      const provider = createMailProvider(config, {} as FastifyBaseLogger);
      expect(provider.name).toBe('smtp');
      await provider.send({ to: 'zhang@example.edu.cn', subject: '【研测】检测数据已交付', text: '数据已交付。' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: zhang@example\.edu\.cn$/m);
      // The configured sender (its name is encoded: 研测).
      expect(smtp.received[0]).toMatch(/^From: =\?UTF-8\?B\?56CU5rWL\?= <noreply@yance\.local>$/m);
    } finally {
      await smtp.close();
    }
  });
});
