import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The rendered parts of a page, as the web's entry-server returns them. */
export interface PageParts {
  head: string;
  html: string;
  state: string;
  files: string[];
}

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';
const ROOT = '<div id="root"></div>';
/** Image preloads React puts before the markup, and the markup after them. */
/** A built file index.html refers to (src or href under /assets/), without the leading slash. */
const ASSET_REF = /(?:src|href)="\/(assets\/[^"]+)"/g;
/** The web build's loader that starts a page's code after its first paint (apps/web/public/page-boot.js, ADR 0030). */
const BOOT_FILE = 'page-boot.js';
const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
/** A stylesheet link as Vite writes it into index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
const LEADING_IMAGE_PRELOADS = /^((?:<link rel="preload" as="image"[^>]*>)+)([\s\S]*)$/;

/**
 * The built index.html and manifest, read once: fills a page's head, its
 * markup and state into the template, and links the chunks and styles of the
 * matched page modules that the entry does not already load, so the browser
 * fetches them at once instead of after the entry runs (ADR 0026).
 */
export class PageTemplate {
  private readonly manifest: Manifest;
  private readonly before: string;
  /** The files of the entry's stylesheet links, from the end of the page-head block to </head>. */
  private readonly entryStyles: string[];
  /** A built file's text (stylesheets to inline), or undefined to link it instead. */
  private readonly readAsset: (file: string) => string | undefined;
  private readonly inlined = new Map<string, string | undefined>();
  /** The loader's address with its content's hash (it is served uncached by name), if the build has it. */
  private readonly boot: string | undefined;
  /** The rest of that part: the entry's scripts and preloads. */
  private readonly entryScripts: string;
  /** From </head> to #root. */
  private readonly bodyStart: string;
  private readonly after: string;
  /** Chunks and styles index.html already loads. */
  private readonly loaded = new Set<string>();

  constructor(shell: string, manifest: Manifest, readAsset: (file: string) => string | undefined = () => undefined) {
    this.manifest = manifest;
    this.readAsset = readAsset;
    const start = shell.indexOf(HEAD_START);
    const end = shell.indexOf(HEAD_END);
    const headEnd = shell.indexOf('</head>');
    const root = shell.indexOf(ROOT);
    if (start < 0 || end < start || headEnd < end || root < headEnd)
      throw new Error('index.html lacks the page-head markers, </head> or <div id="root"></div>');
    this.before = shell.slice(0, start);
    const entryHead = shell.slice(end + HEAD_END.length, headEnd);
    this.entryStyles = (entryHead.match(STYLESHEET) ?? []).flatMap((tag) => [...tag.matchAll(ASSET_REF)].map((m) => m[1]!));
    this.entryScripts = entryHead.replace(STYLESHEET, '').replace(/\n\s*(?=\n)/g, '');
    const boot = readAsset(BOOT_FILE);
    this.boot = boot === undefined ? undefined : `/${BOOT_FILE}?v=${createHash('sha256').update(boot).digest('hex').slice(0, 10)}`;
    this.bodyStart = shell.slice(headEnd, root);
    this.after = shell.slice(root + ROOT.length);
    // What index.html loads: its own tags' files and what those chunks import (the build may split the entry into groups).
    const byFile = new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
    for (const [, file] of entryHead.matchAll(ASSET_REF)) {
      if (!file) continue;
      this.loaded.add(file);
      const key = byFile.get(file);
      if (key) for (const f of this.closure(key)) this.loaded.add(f);
    }
  }

  static read(webDist: string): PageTemplate {
    const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return new PageTemplate(shell, manifest, (file) => {
      try {
        return readFileSync(path.join(webDist, file), 'utf8');
      } catch {
        return undefined;
      }
    });
  }

  /** A chunk's file, its static imports' files and all their styles, each once, dependencies before dependents. */
  private closure(key: string, seen = new Set<string>()): Set<string> {
    const out = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      const chunk = this.manifest[k];
      if (!chunk) return;
      // Dependencies first: a page's own styles come after those of the components it uses, as Vite orders them.
      for (const i of chunk.imports ?? []) visit(i);
      out.add(chunk.file);
      for (const css of chunk.css ?? []) out.add(css);
    };
    visit(key);
    return out;
  }

  /** The page modules' own chunks and styles (those the entry does not load), dependencies first. */
  private pageFiles(files: string[]): { styles: string[]; scripts: string[] } {
    const wanted = new Set<string>();
    for (const file of files) for (const f of this.closure(file)) if (!this.loaded.has(f)) wanted.add(f);
    const all = [...wanted];
    return {
      styles: all.filter((f) => f.endsWith('.css')),
      scripts: all.filter((f) => !f.endsWith('.css')).map((f) => `/${f}`),
    };
  }

  /**
   * A stylesheet in the page itself: the first paint waits for no request (on a
   * phone's slow network a new connection costs two round trips). `data-href`
   * names its file: the browser swaps in the file's link once it runs (main.tsx),
   * so later pages find it loaded. Linked instead when it cannot be read, or
   * could end the style element early.
   */
  private styleTag(file: string): string {
    if (!this.inlined.has(file)) {
      const css = this.readAsset(file);
      this.inlined.set(file, css !== undefined && !/<\/style/i.test(css) ? css : undefined);
    }
    const css = this.inlined.get(file);
    return css === undefined ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<style data-href="/${file}">${css.trim()}</style>`;
  }

  /**
   * The entry's module scripts and every chunk to preload. With the loader, one
   * async script that starts them after the first paint (ADR 0030); without it,
   * the tags as Vite writes them.
   */
  private scripts(pageChunks: string[]): string {
    const modules = [...this.entryScripts.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
    const preload = [...[...this.entryScripts.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...pageChunks];
    if (this.boot) {
      const attr = (list: string[]) => escapeAttribute(list.join(' '));
      return `<script async src="${this.boot}" data-modules="${attr(modules)}" data-preload="${attr(preload)}"></script>`;
    }
    return [this.entryScripts.trim(), ...pageChunks.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)]
      .filter(Boolean)
      .join('\n    ');
  }

  fill(parts: PageParts): string {
    const page = this.pageFiles(parts.files);
    // React writes the preload of a high-priority image (the first banner: the page's largest paint) at the start of the
    // markup; in the head it is asked for first.
    const [, images = '', html = parts.html] = LEADING_IMAGE_PRELOADS.exec(parts.html) ?? [];
    // What the first paint needs comes first: the image, then every style (the page's after the entry's, so they
    // override the global ones). Scripts after: on a phone's six connections they would otherwise queue the styles.
    const styles = [...this.entryStyles, ...page.styles].map((f) => this.styleTag(f));
    const head = [parts.head, images.trim(), ...styles].filter(Boolean).join('\n    ');
    const scripts = this.scripts(page.scripts);
    return `${this.before}${head}\n    ${scripts}\n  ${this.bodyStart}<div id="root">${html}</div>${parts.state}${this.after}`;
  }
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
