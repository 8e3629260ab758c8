import { describe, expect, it } from 'vitest';
import { renderRichText, safeHref, safeImgSrc, sanitizeRichText } from './rich-text.ts';

const clean = sanitizeRichText;

describe('sanitizeRichText', () => {
  it('keeps the demo subset as it is', () => {
    const html =
      '<h3>检测内容</h3><p>X 射线衍射 &amp; 物相</p><ul><li>晶相</li></ul><p>H<sub>2</sub>O</p><table><tbody><tr><td colspan="2">a</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it('drops scripts, styles, frames, svg and math with their content', () => {
    const out = clean(
      '<p>ok</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.example"></iframe><svg><script>alert(2)</script></svg><math><mi>x</mi></math><noscript>n</noscript>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('drops event handlers, styles, classes and ids', () => {
    expect(clean('<p onclick="x()" style="color:red" class="c" id="i">t</p><img src="/upload/a.png" onerror="alert(1)">')).toBe(
      '<p>t</p><img alt="" src="/upload/a.png" />',
    );
  });

  it('unwraps unknown tags but keeps their text, and escapes stray markup', () => {
    expect(clean('<div><span>文字</span> <font>更多</font></div>')).toBe('文字 更多');
    expect(clean('1 < 2 & "3" > 0')).toBe('1 &lt; 2 &amp; "3" &gt; 0');
  });

  it('keeps nothing executable from classic filter-evasion payloads', () => {
    const payloads = [
      '<img src=x onerror=alert(1)>',
      '<IMG SRC="javascript:alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<form action="javascript:alert(1)"><button>go</button></form>',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css">',
      '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<!--<img src=x onerror=alert(1)>--><p>x</p>',
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<template><img src=x onerror=alert(1)></template>',
      '<a href="https://ok.example" onmouseover="alert(1)" target="_self">x</a>',
    ];
    for (const p of payloads) {
      const out = clean(p);
      expect(out, p).not.toMatch(
        /<script|<style|<svg|<math|<iframe|<object|<embed|<form|<base|<meta|<link|<template|\son\w+=|javascript:|vbscript:|data:|style=/i,
      );
    }
    expect(clean('<scr<script>ipt>alert(1)</scr</script>ipt>')).not.toContain('<script');
  });

  it('refuses scheme-relative, backslash and script links but keeps the text', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\u0001/evil.example',
      '/ /evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'https:evil.example',
      'https:/\\evil.example',
      'relative/path',
      'ftp://x.example/f',
    ]) {
      expect(clean(`<a href="${href}">文字</a>`), href).toBe('<a>文字</a>');
    }
  });

  it('keeps http(s), mailto, tel and same-site paths; outside links open in a new tab without the opener', () => {
    expect(clean('<a href="/detail/abc?x=1#t">x</a>')).toBe('<a href="/detail/abc?x=1#t">x</a>');
    expect(clean('<a href="https://example.com/p" title="说明">x</a>')).toBe(
      '<a title="说明" href="https://example.com/p" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:hr@yance-lab.cn">x</a>')).toBe('<a href="mailto:hr@yance-lab.cn">x</a>');
    expect(clean('<a href="tel:400-860-2026">x</a>')).toBe('<a href="tel:400-860-2026">x</a>');
  });

  it('keeps images only from /upload/ or https', () => {
    expect(clean('<img src="/upload/img/x.jpg" alt="图" width="300" height="abc">')).toBe(
      '<img alt="图" src="/upload/img/x.jpg" width="300" />',
    );
    expect(clean('<img src="https://cdn.example/p.png">')).toBe('<img alt="" src="https://cdn.example/p.png" />');
    for (const src of [
      'http://cdn.example/p.png',
      'data:image/png;base64,AAAA',
      '//cdn.example/p.png',
      '/upload/../api/x',
      '/upload/%2e%2e/api/x',
      '/other/x.png',
      '/upload\\..\\x',
      'javascript:alert(1)',
    ]) {
      expect(clean(`<p><img src="${src}">图</p>`), src).toBe('<p>图</p>');
    }
  });

  it('keeps only small numeric table spans', () => {
    expect(clean('<table><tbody><tr><td colspan="2" rowspan="x" width="9">a</td><th rowspan="999">b</th></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">a</td><th>b</th></tr></tbody></table>',
    );
  });
});

describe("renderRichText (the server render's pass, in place of DOMPurify in the browser)", () => {
  it('writes what is stored as it is, images loading lazily', () => {
    const stored = sanitizeRichText(
      '<h3>样品要求</h3><p>粉末 <strong>≥0.5 g</strong></p><img src="/upload/img/x.jpg" alt="图" width="300">',
    );
    expect(renderRichText(stored)).toBe(
      '<h3>样品要求</h3><p>粉末 <strong>≥0.5 g</strong></p><img alt="图" src="/upload/img/x.jpg" width="300" loading="lazy" />',
    );
  });

  it('applies the whole policy again to whatever reaches it', () => {
    expect(renderRichText('<p onclick="x()">t</p><script>alert(1)</script><img src="/other/x.png" loading="eager">')).toBe('<p>t</p>');
    expect(renderRichText('<a href="javascript:alert(1)">x</a><a href="https://example.com/p" target="_self">y</a>')).toBe(
      '<a>x</a><a href="https://example.com/p" target="_blank" rel="noopener noreferrer">y</a>',
    );
    expect(renderRichText('<img src="https://cdn.example/p.png" loading="eager">')).toBe(
      '<img alt="" src="https://cdn.example/p.png" loading="lazy" />',
    );
  });
});

describe('safeHref and safeImgSrc', () => {
  it('answer null for anything they refuse', () => {
    expect(safeHref('/\\evil.example/x')).toBeNull();
    expect(safeHref('//evil')).toBeNull();
    expect(safeHref('\\\\evil')).toBeNull();
    expect(safeHref('/ok')).toBe('/ok');
    expect(safeImgSrc('/upload/a/b.svg')).toBe('/upload/a/b.svg');
    expect(safeImgSrc('/upload/./b.svg')).toBeNull();
  });
});
