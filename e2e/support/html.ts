/**
 * Reading a page as a crawler or a link preview does: plain HTTP, no
 * browser, no script. What the server answered, and the parts of it that
 * matter (head tags, JSON-LD, the text a person would read).
 */

export interface FetchedPage {
  status: number;
  html: string;
  headers: Headers;
}

/** GETs a path from the server as a crawler would (no cookies, no JS, redirects not followed). */
export async function fetchHtml(baseUrl: string, path: string): Promise<FetchedPage> {
  const res = await fetch(new URL(path, baseUrl), { redirect: 'manual', headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };
/** Text of HTML-escaped characters. */
export const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    const known = ENTITIES[e.toLowerCase()];
    if (known !== undefined) return known;
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return m;
  });

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The readable text of the page body: no scripts or styles, tags as spaces, entities decoded, spaces folded. */
export function textOf(html: string): string {
  const start = html.indexOf('<body');
  const body = start >= 0 ? html.slice(start) : html;
  return squash(
    decode(
      body
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
        .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
        .replace(/<[^>]+>/g, ' '),
    ),
  );
}

/**
 * A piece of stored rich text (an item's description, an article's body)
 * as it must appear in the page: the first text run of some length, cut
 * short, so markup differences (sanitiser, React) cannot matter.
 */
export function firstRun(richHtml: string, length = 16): string {
  const run = richHtml
    .split(/<[^>]+>/)
    .map((s) => squash(decode(s)))
    .find((s) => s.length >= 8);
  if (!run) throw new Error(`no text in ${richHtml.slice(0, 80)}`);
  return run.slice(0, length);
}

/** The <head> part of the page. */
export const headOf = (html: string) => html.slice(0, Math.max(0, html.indexOf('</head>')));

/** The <title> text. */
export const titleOf = (html: string) => {
  const m = /<title>([^<]*)<\/title>/.exec(headOf(html));
  return m ? decode(m[1]!) : undefined;
};

/** content of <meta name=key> or <meta property=key>. */
export function metaOf(html: string, key: string): string | undefined {
  const re = /<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g;
  for (const m of headOf(html).matchAll(re)) if (m[1] === key) return decode(m[2]!);
  return undefined;
}

/** Every <meta> of this name or property (to check a tag is not given twice). */
export const metaCount = (html: string, key: string) =>
  [...headOf(html).matchAll(/<meta\s+(?:name|property)="([^"]+)"/g)].filter((m) => m[1] === key).length;

/** href of <link rel=rel>. */
export function linkOf(html: string, rel: string): string | undefined {
  for (const m of headOf(html).matchAll(/<link\s+rel="([^"]+)"[^>]*?href="([^"]*)"/g)) if (m[1] === rel) return decode(m[2]!);
  return undefined;
}

/** The JSON-LD objects of the head. */
export const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

/** Whether the page carries the server's state for hydration. */
export const hasServerState = (html: string) => /<script type="application\/json" id="server-state">/.test(html);

/** The bare shell: an empty #root for the browser to render into. */
export const isBareShell = (html: string) => html.includes('<div id="root"></div>') && !hasServerState(html);

/** The catalogue items the page links to (/detail/:rid), in order, each once. */
export const detailRidsOf = (html: string) => [
  ...new Set([...html.matchAll(/href="\/detail\/([^"?#]+)"/g)].map((m) => decodeURIComponent(m[1]!))),
];
