// The one policy for rich HTML (articles, item descriptions, site pages; ADRs 0014, 0020).
// The server applies it with sanitize-html when HTML is written, the browser again
// with DOMPurify before it renders: both read these lists and checks. No zod here.

/** Tags rich HTML may keep. */
export const RICH_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li',
  'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]; // prettier-ignore

/** Removed together with everything inside them (any other unknown tag is unwrapped, its text kept). */
export const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'frame', 'frameset',
  'object', 'embed', 'template', 'svg', 'math', 'form', 'select', 'button',
  'head', 'title', 'xmp', 'noembed', 'noframes', 'plaintext',
]; // prettier-ignore

/** colspan / rowspan values kept on table cells. */
export const CELL_SPAN = /^[1-9][0-9]?$/;
/** width / height values kept on images (pixels). */
export const IMAGE_SIZE = /^[1-9][0-9]{0,3}$/;

/** Whitespace, control characters and backslashes: browsers strip or reinterpret them inside URLs ("/\t/evil", "/\evil"). */
const URL_TRICKS = /[\s\p{Cc}\\]/u;
const SAME_SITE_PATH = /^\/(?!\/)/;
/** /upload/ and plain path segments; none may start with a dot, so no ".." (nor %2e%2e, since % is not allowed). */
const UPLOAD_PATH = /^\/upload(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const MAILTO = /^mailto:[^@/?#]+@[^@/?#]+(\?[^#]*)?$/i;
const TEL = /^tel:\+?[0-9().-]{3,32}$/i;

/** An absolute URL of one of the schemes with a real host right after "//" (no "https:evil", no "https:/\evil"). */
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
 * "//evil", "/\evil", "\\evil", relative paths) is refused: null.
 */
export function safeHref(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || URL_TRICKS.test(value)) return null;
  if (SAME_SITE_PATH.test(value)) return value;
  if (absoluteUrl(value, ['http', 'https']) || MAILTO.test(value) || TEL.test(value)) return value;
  return null;
}

/**
 * A path on this site that may become a link where the text came from a
 * customer (an order's attachment in the console): one "/" and then neither
 * "/" nor "\" — browsers read "//evil" and "/\evil" as another host — and
 * no backslash, whitespace or control character anywhere.
 */
export function isSameSitePath(value: string): boolean {
  return /^\/[^/\\]/.test(value) && !URL_TRICKS.test(value);
}

/** An image source we keep: our own /upload/ files or an https URL; otherwise null. */
export function safeImgSrc(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || URL_TRICKS.test(value)) return null;
  if (UPLOAD_PATH.test(value)) return value;
  return absoluteUrl(value, ['https']) ? value : null;
}

/** External links open in a new tab without handing it our window. */
export const opensNewTab = (href: string) => /^https?:/i.test(href);
