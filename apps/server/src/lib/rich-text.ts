import sanitizeHtml, { type IOptions } from 'sanitize-html';
import {
  CELL_SPAN,
  DROPPED_WITH_CONTENT,
  IMAGE_SIZE,
  opensNewTab,
  RICH_TAGS,
  safeHref,
  safeImgSrc,
} from '@yance/contracts/rich-text-policy';

/**
 * Rich HTML written into the database (item descriptions and sample
 * requirements, article bodies, site pages, and whatever operators write next)
 * goes through sanitizeRichText first, so the stored HTML is safe whoever
 * renders it. The browser sanitises again with DOMPurify (defence in depth).
 * ADR 0014.
 */

function keep(attribs: Record<string, string>, name: string, pattern: RegExp, into: Record<string, string>) {
  const value = attribs[name];
  if (value !== undefined && pattern.test(value)) into[name] = value;
}

/** An image: its source only from /upload/ or https, a numeric size, an alt text always. */
const image = (tagName: string, attribs: Record<string, string>) => {
  const out: Record<string, string> = { alt: attribs.alt ?? '' };
  const src = safeImgSrc(attribs.src ?? '');
  if (src) out.src = src;
  keep(attribs, 'width', IMAGE_SIZE, out);
  keep(attribs, 'height', IMAGE_SIZE, out);
  return { tagName, attribs: out };
};

const ATTRIBUTES = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const OPTIONS: IOptions = {
  allowedTags: RICH_TAGS,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: ATTRIBUTES,
  // The policy's checks decide; these are sanitize-html's second line.
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
        if (opensNewTab(href)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer' });
      }
      return { tagName, attribs: out };
    },
    img: image,
    td: (tagName, attribs) => {
      const out: Record<string, string> = {};
      keep(attribs, 'colspan', CELL_SPAN, out);
      keep(attribs, 'rowspan', CELL_SPAN, out);
      return { tagName, attribs: out };
    },
    th: (tagName, attribs) => {
      const out: Record<string, string> = {};
      keep(attribs, 'colspan', CELL_SPAN, out);
      keep(attribs, 'rowspan', CELL_SPAN, out);
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

/**
 * The page render's pass (ADR 0026): the same policy again over what is stored, and what the browser's DOMPurify
 * pass adds for display — images load lazily. The server render sanitises with this, not with DOMPurify over a
 * DOM of its own: no jsdom in the server process.
 */
const RENDER_OPTIONS: IOptions = {
  ...OPTIONS,
  allowedAttributes: { ...ATTRIBUTES, img: [...ATTRIBUTES.img, 'loading'] },
  transformTags: {
    ...OPTIONS.transformTags,
    img: (tagName, attribs) => {
      const out = image(tagName, attribs);
      return { tagName, attribs: { ...out.attribs, loading: 'lazy' } };
    },
  },
};

/** Operator HTML as the server render writes it into a page: sanitised again, images loaded lazily. */
export function renderRichText(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, RENDER_OPTIONS);
}

export { safeHref, safeImgSrc };
