import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * Rich HTML written into the database (item descriptions and sample
 * requirements, article bodies, site pages, and whatever operators write next)
 * goes through sanitizeRichText first, so the stored HTML is safe whoever
 * renders it. The browser sanitises again with DOMPurify (defence in depth).
 * ADR 0014.
 */

const TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'hr',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Dropped together with everything inside them (any other unknown tag is unwrapped, its text kept). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'form',
  'select',
  'button',
  'head',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/** Whitespace, control characters and backslashes: browsers strip or reinterpret them inside URLs ("/\t/evil", "/\evil"). */
const URL_TRICKS = /[\s\p{Cc}\\]/u;
const SAME_SITE_PATH = /^\/(?!\/)/;
/** /upload/ and plain path segments; none may start with a dot, so no ".." (nor %2e%2e, since % is not allowed). */
const UPLOAD_PATH = /^\/upload(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const MAILTO = /^mailto:[^@/?#]+@[^@/?#]+(\?[^#]*)?$/i;
const TEL = /^tel:\+?[0-9().-]{3,32}$/i;
const SPAN = /^[1-9][0-9]?$/;
const SIZE = /^[1-9][0-9]{0,3}$/;

/** An absolute http(s) URL with a real host right after "//" (no "https:evil", no "https:/\evil"). */
function absoluteUrl(value: string, schemes: readonly string[]): boolean {
  const m = /^([a-z]+):\/\/[^/?#]/i.exec(value);
  if (!m || !schemes.includes(m[1]!.toLowerCase())) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A link target we keep: http(s), mailto, tel, or a same-site absolute path
 * starting with exactly one "/". Everything else (javascript:, data:,
 * "//evil", "/\evil", "\\evil", relative paths) is refused.
 */
export function safeHref(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || URL_TRICKS.test(value)) return null;
  if (SAME_SITE_PATH.test(value)) return value;
  if (absoluteUrl(value, ['http', 'https']) || MAILTO.test(value) || TEL.test(value)) return value;
  return null;
}

/** An image source we keep: our own /upload/ files or an https URL. */
export function safeImgSrc(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || URL_TRICKS.test(value)) return null;
  if (UPLOAD_PATH.test(value)) return value;
  return absoluteUrl(value, ['https']) ? value : null;
}

function keep(attribs: Record<string, string>, name: string, pattern: RegExp, into: Record<string, string>) {
  const value = attribs[name];
  if (value !== undefined && pattern.test(value)) into[name] = value;
}

const OPTIONS: IOptions = {
  allowedTags: TAGS,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Our own checks above decide; these are sanitize-html's second line.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = safeHref(attribs.href ?? '');
      if (attribs.title) out.title = attribs.title;
      if (href) {
        out.href = href;
        if (/^https?:/i.test(href)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer' });
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = { alt: attribs.alt ?? '' };
      const src = safeImgSrc(attribs.src ?? '');
      if (src) out.src = src;
      keep(attribs, 'width', SIZE, out);
      keep(attribs, 'height', SIZE, out);
      return { tagName, attribs: out };
    },
    td: (tagName, attribs) => {
      const out: Record<string, string> = {};
      keep(attribs, 'colspan', SPAN, out);
      keep(attribs, 'rowspan', SPAN, out);
      return { tagName, attribs: out };
    },
    th: (tagName, attribs) => {
      const out: Record<string, string> = {};
      keep(attribs, 'colspan', SPAN, out);
      keep(attribs, 'rowspan', SPAN, out);
      return { tagName, attribs: out };
    },
  },
  // An image whose source was refused is dropped rather than left as a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Returns `html` keeping only the allow-listed tags, attributes and URLs. Plain text comes back escaped. */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
