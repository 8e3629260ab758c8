// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed structure', () => {
    const html = '<h2>样品要求</h2><p>粉末 <strong>≥0.5 g</strong>，<em>干燥</em></p><ul><li>a</li></ul><ol><li>b</li></ol><br>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and iframes with their content', () => {
    const out = sanitizeHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>');
    expect(out).toBe('<p>ok</p>');
  });

  it('strips every event handler and style or class attribute', () => {
    const out = sanitizeHtml('<p onclick="x()" style="color:red" class="c">t</p><img src="/upload/img/a.png" onerror="x()">');
    expect(out).not.toMatch(/onclick|onerror|style=|class=/);
    expect(out).toContain('<p>t</p>');
    expect(out).toContain('src="/upload/img/a.png"');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<div><span>文字</span> <font>更多</font></div>')).toBe('文字 更多');
  });

  it('keeps only http(s) and site-relative links, and opens external ones in a new tab', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/detail/abc">x</a>')).toBe('<a href="/detail/abc">x</a>');
    expect(sanitizeHtml('<a href="https://example.com/p">x</a>')).toBe(
      '<a href="https://example.com/p" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps images only from /upload/', () => {
    expect(sanitizeHtml('<img src="https://tracker.example/p.gif">')).toBe('');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="/upload/img/x.jpg" alt="图">')).toBe('<img src="/upload/img/x.jpg" alt="图" loading="lazy">');
  });

  it('keeps tables with numeric spans only', () => {
    const out = sanitizeHtml('<table><tbody><tr><td colspan="2" rowspan="x" width="9">a</td></tr></tbody></table>');
    expect(out).toBe('<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>');
  });

  it('does not let markup hide inside text or comments', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><!-- <img src=x onerror=1> -->')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeHtml('<svg><a href="/x" onload="1">s</a></svg><math><mi>1</mi></math>')).toBe('');
  });
});
