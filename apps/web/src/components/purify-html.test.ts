// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isSafeHref, purifyHtml } from './purify-html.ts';

describe('purifyHtml (DOMPurify)', () => {
  it('keeps article markup as it is', () => {
    const html =
      '<h2>样品要求</h2><p>粉末 <strong>≥0.5 g</strong>，<em>干燥</em>，H<sub>2</sub>O<sup>+</sup></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>引用</blockquote><br>' +
      '<table><caption>价格</caption><thead><tr><th>项目</th></tr></thead><tbody><tr><td colspan="2">a</td></tr></tbody></table>';
    expect(purifyHtml(html)).toBe(html);
  });

  it('drops scripts, styles, iframes and forms’ controls with their content', () => {
    expect(purifyHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><button>b</button>')).toBe(
      '<p>ok</p>',
    );
  });

  it('strips event handlers, style, class and data attributes', () => {
    const out = purifyHtml('<p onclick="x()" style="color:red" class="c" data-x="1">t</p><img src="/upload/img/a.png" onerror="x()">');
    expect(out).toBe('<p>t</p><img src="/upload/img/a.png" alt="" loading="lazy">');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(purifyHtml('<div><span>文字</span> <font>更多</font></div>')).toBe('文字 更多');
  });

  it('opens http(s) links in a new tab without an opener, and keeps mailto, tel and site paths as they are', () => {
    expect(purifyHtml('<a href="https://example.com/p" target="_self">x</a>')).toBe(
      '<a href="https://example.com/p" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(purifyHtml('<a href="/detail/abc">x</a>')).toBe('<a href="/detail/abc">x</a>');
    expect(purifyHtml('<a href="mailto:service@yance-lab.cn">x</a>')).toBe('<a href="mailto:service@yance-lab.cn">x</a>');
    expect(purifyHtml('<a href="tel:400-860-2026">x</a>')).toBe('<a href="tel:400-860-2026">x</a>');
  });

  it.each([
    ['scheme-relative', '//evil.example/x'],
    ['backslash after the slash', '/\\evil.example/x'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: with entities', 'jav&#x09;ascript:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a relative path', 'detail/abc'],
    ['https with a backslash host', 'https:\\\\evil.example'],
  ])('refuses a %s link', (_what, href) => {
    expect(purifyHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('isSafeHref agrees with the links it keeps', () => {
    expect(isSafeHref(' /about/profile ')).toBe(true);
    expect(isSafeHref('/\\evil.example/x')).toBe(false);
    expect(isSafeHref('//evil')).toBe(false);
  });

  it('keeps images only from /upload/ or https (the one policy) and drops the others whole', () => {
    expect(purifyHtml('<p>a<img src="http://tracker.example/p.gif">b</p>')).toBe('<p>ab</p>');
    expect(purifyHtml('<img src="https://cdn.example/p.png">')).toBe('<img src="https://cdn.example/p.png" alt="" loading="lazy">');
    expect(purifyHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(purifyHtml('<img src="//evil.example/upload/x.png">')).toBe('');
    expect(purifyHtml('<img src="/upload/img/x.jpg" alt="图">')).toBe('<img src="/upload/img/x.jpg" alt="图" loading="lazy">');
  });

  it('keeps numeric table spans only', () => {
    expect(purifyHtml('<table><tbody><tr><td colspan="2" rowspan="x" width="9">a</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>',
    );
  });

  it('does not let markup hide inside text, comments, svg or math', () => {
    expect(purifyHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><!-- <img src=x onerror=1> -->')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(purifyHtml('<svg><a href="/x" onload="1">s</a></svg><math><mi>1</mi></math>')).toBe('');
    expect(purifyHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toMatch(/onerror|<img/);
  });
});
