import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@yance/contracts/order';
import { RemarkSection } from './order-sections.tsx';

const hrefsOf = (attachments: string[]) => {
  const html = renderToStaticMarkup(<RemarkSection order={{ remark: '', attachments } as unknown as AdminOrderDetail} />);
  return { html, hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]) };
};

describe('the order’s attachments in the console', () => {
  it('links only a path on this site; "/\\…", "//…" and other hosts stay text', () => {
    const { html, hrefs } = hrefsOf([
      '/upload/files/a1b2.pdf',
      '/\\evil.example/x',
      '//evil.example/x',
      'https://evil.example/x',
      '说明.docx',
    ]);
    expect(hrefs).toEqual(['/upload/files/a1b2.pdf']);
    expect(html).toContain('/\\evil.example/x');
    expect(html).toContain('说明.docx');
  });
});
