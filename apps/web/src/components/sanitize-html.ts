/**
 * A strict allow-list HTML sanitiser for operator-written content (item
 * descriptions, articles, site pages). It rebuilds the tree from scratch so
 * nothing that is not listed here survives: no scripts, no styles, no event
 * handlers, no foreign images.
 */

const KEPT_TAGS = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'img',
  'br',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
]);

/** Removed together with their content; any other unknown tag is unwrapped (its text kept). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'button',
  'input',
  'link',
  'meta',
  'head',
  'title',
]);

const SAFE_HREF = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;
const SAFE_IMG_SRC = /^\/upload\/[^\s"'<>]*$/;
const SPAN = /^\d{1,2}$/;

function copyAttributes(from: Element, to: Element) {
  const tag = to.tagName.toLowerCase();
  if (tag === 'a') {
    const href = from.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) {
      to.setAttribute('href', href);
      if (/^https?:/i.test(href)) {
        to.setAttribute('target', '_blank');
        to.setAttribute('rel', 'noopener noreferrer');
      }
    }
  } else if (tag === 'img') {
    const src = from.getAttribute('src')?.trim() ?? '';
    if (SAFE_IMG_SRC.test(src)) to.setAttribute('src', src);
    to.setAttribute('alt', from.getAttribute('alt') ?? '');
    to.setAttribute('loading', 'lazy');
  } else if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan']) {
      const v = from.getAttribute(name);
      if (v && SPAN.test(v)) to.setAttribute(name, v);
    }
  }
}

function cleanChildren(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!KEPT_TAGS.has(tag)) {
      cleanChildren(el, target, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    copyAttributes(el, copy);
    if (tag === 'img' && !copy.hasAttribute('src')) continue;
    cleanChildren(el, copy, doc);
    target.appendChild(copy);
  }
}

/** Returns HTML that keeps only the allow-listed tags and attributes of `html`. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  cleanChildren(source.body, root, out);
  return root.innerHTML;
}
