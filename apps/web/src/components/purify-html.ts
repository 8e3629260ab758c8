import DOMPurify from 'dompurify';
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
 * Operator-written HTML (item descriptions, articles, site pages) made safe
 * for the DOM with DOMPurify (ADR 0020): article markup only, links to
 * http(s), mailto, tel or a path of this site, images only from /upload/.
 * The server sanitises the same HTML when it is written; this is the second
 * line, for whatever reaches the browser.
 */

const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height'];

/** Whether href may stay on a link. */
export const isSafeHref = (href: string): boolean => safeHref(href) !== null;

/** A purifier with our link and image rules over the browser's DOM. */
function purifierFor(win: WindowLike) {
  const p = DOMPurify(win);
  p.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.tagName?.toLowerCase();
    if (tag === 'a') {
      const raw = node.getAttribute('href');
      node.removeAttribute('target');
      if (raw === null) return;
      const href = safeHref(raw);
      if (!href) {
        node.removeAttribute('href');
        return;
      }
      node.setAttribute('href', href);
      if (opensNewTab(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'img') {
      const src = safeImgSrc(node.getAttribute('src') ?? '');
      // An image from anywhere else is dropped entirely (an empty <img> would show a broken icon).
      if (!src) {
        node.remove();
        return;
      }
      node.setAttribute('src', src);
      node.setAttribute('alt', node.getAttribute('alt') ?? '');
      node.setAttribute('loading', 'lazy');
      for (const name of ['width', 'height']) {
        const v = node.getAttribute(name);
        if (v !== null && !IMAGE_SIZE.test(v)) node.removeAttribute(name);
      }
    } else {
      node.removeAttribute('width');
      node.removeAttribute('height');
    }
    if (tag === 'td' || tag === 'th') {
      for (const name of ['colspan', 'rowspan']) {
        const v = node.getAttribute(name);
        if (v !== null && !CELL_SPAN.test(v)) node.removeAttribute(name);
      }
    }
  });
  return p;
}

type WindowLike = Parameters<typeof DOMPurify>[0];
type Sanitize = (html: string) => string;

/** DOMPurify over a window's DOM, with our allow-list and the link and image rules above. */
function domSanitizer(win: WindowLike): Sanitize {
  const purifier = purifierFor(win);
  return (html) =>
    purifier.sanitize(html, {
      ALLOWED_TAGS: RICH_TAGS,
      ALLOWED_ATTR,
      FORBID_CONTENTS: DROPPED_WITH_CONTENT,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      // DOMPurify's own URI check (no javascript:, data: …) runs first; the hook above then keeps only our link and image shapes.
    });
}

/** The browser's DOMPurify; in the server render, the server's own sanitiser (entry-server.tsx). */
let sanitize: Sanitize | null = typeof window === 'undefined' ? null : domSanitizer(window);

/**
 * The server render has no DOM: the server hands in its sanitiser once (sanitize-html with the same policy,
 * apps/server lib/rich-text.ts renderRichText), so no DOM library runs in the server process (ADR 0026).
 */
export const setServerSanitizer = (fn: Sanitize) => {
  sanitize = fn;
};

/** Returns `html` with only the allowed tags, attributes and URLs left. */
export function purifyHtml(html: string): string {
  if (!html) return '';
  if (!sanitize) throw new Error('nothing to sanitise with: the server render calls setServerSanitizer first');
  return sanitize(html);
}
