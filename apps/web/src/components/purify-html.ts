import DOMPurify from 'dompurify';

/**
 * Operator-written HTML (item descriptions, articles, site pages) made safe
 * for the DOM with DOMPurify (ADR 0020): article markup only, links to
 * http(s), mailto, tel or a path of this site, images only from /upload/.
 * The server sanitises the same HTML when it is written; this is the second
 * line, for whatever reaches the browser.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'];
/** Removed with their content (DOMPurify keeps the text of other removed tags). */
const FORBID_CONTENTS = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'button',
  'select',
  'textarea',
  'head',
  'title',
];

/**
 * An absolute http(s) URL, mailto:, tel:, or a path on this site: one "/"
 * not followed by another "/" or a "\" (browsers read "//host" and "/\host"
 * as another site).
 */
const SAFE_HREF = /^(?:https?:\/\/[^\s\\]+|mailto:[^\s]+|tel:[+\d][\d\-() ]*|\/(?![/\\])[^\s\\]*)$/i;
const SAFE_IMG_SRC = /^\/upload\/[^\s"'<>\\]*$/;
const SPAN = /^\d{1,2}$/;
/** Browsers drop tabs and newlines from URLs before parsing, so "/\t/evil" is "//evil": refuse control characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether href may stay on a link. */
export function isSafeHref(href: string): boolean {
  const trimmed = href.trim();
  return !CONTROL.test(trimmed) && SAFE_HREF.test(trimmed);
}

const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.tagName?.toLowerCase();
  if (tag === 'a') {
    const href = node.getAttribute('href');
    node.removeAttribute('target');
    if (href === null) return;
    if (!isSafeHref(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', href.trim());
    if (/^https?:/i.test(href.trim())) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  } else if (tag === 'img') {
    const src = node.getAttribute('src')?.trim() ?? '';
    // An image from anywhere else is dropped entirely (an empty <img> would show a broken icon).
    if (!SAFE_IMG_SRC.test(src)) {
      node.remove();
      return;
    }
    node.setAttribute('src', src);
    node.setAttribute('alt', node.getAttribute('alt') ?? '');
    node.setAttribute('loading', 'lazy');
  } else if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan']) {
      const v = node.getAttribute(name);
      if (v !== null && !SPAN.test(v)) node.removeAttribute(name);
    }
  }
});

/** Returns `html` with only the allowed tags, attributes and URLs left. */
export function purifyHtml(html: string): string {
  if (!html) return '';
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    FORBID_CONTENTS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // DOMPurify's own URI check (no javascript:, data: …) runs first; the hook above then keeps only our link and image shapes.
  });
}
