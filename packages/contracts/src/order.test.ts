import { describe, expect, it } from 'vitest';
import { orderAddBody } from './order.ts';
import { isSameSitePath } from './rich-text-policy.ts';

const withAttachments = (attachments: string[]) => ({ lines: [{ planId: 1, samples: [{}] }], delivery: 1, attachments });
const attachmentMessage = (a: string) =>
  orderAddBody.safeParse(withAttachments([a])).error?.issues.find((i) => i.path[0] === 'attachments')?.message;

describe('an order’s attachments', () => {
  it('refuse what a browser would read as another host: "//…", "/\\…", a backslash anywhere', () => {
    for (const a of ['//evil.example/x', '/\\evil.example/x', '\\\\evil.example\\x', '/upload/a\\..\\b', '/\t/evil.example/x']) {
      expect(attachmentMessage(a), JSON.stringify(a)).toBe('[附件]地址不正确：不能以“//”或“/\\”开头，也不能含有反斜杠');
    }
  });

  it('keep our own paths and plain file names', () => {
    for (const a of ['/upload/files/a1b2.pdf', '检测说明.docx']) expect(attachmentMessage(a), a).toBeUndefined();
  });
});

describe('isSameSitePath (what the console links)', () => {
  it('is one "/" then neither "/" nor "\\", with no backslash, space or control character', () => {
    expect(isSameSitePath('/upload/files/a1b2.pdf')).toBe(true);
    expect(isSameSitePath('/member/orders?id=1')).toBe(true);
    for (const bad of [
      '/\\evil.example/x',
      '//evil.example/x',
      '/',
      '',
      'https://evil.example/x',
      'javascript:alert(1)',
      '/a\\b',
      '/\t/evil',
      ' /a',
    ])
      expect(isSameSitePath(bad), JSON.stringify(bad)).toBe(false);
  });
});
