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

/**
 * The built index.html and manifest, read once: fills a page's head, its
 * markup and state into the template, and links the chunks and styles of the
 * matched page modules that the entry does not already load, so the browser
 * fetches them at once instead of after the entry runs (ADR 0026).
 */
export class PageTemplate {
  private readonly manifest: Manifest;
  private readonly before: string;
  private readonly between: string;
  private readonly after: string;
  /** Chunks and styles index.html already loads. */
  private readonly loaded = new Set<string>();

  constructor(shell: string, manifest: Manifest) {
    this.manifest = manifest;
    const start = shell.indexOf(HEAD_START);
    const end = shell.indexOf(HEAD_END);
    const root = shell.indexOf(ROOT);
    if (start < 0 || end < start || root < end) throw new Error('index.html lacks the page-head markers or <div id="root"></div>');
    this.before = shell.slice(0, start);
    this.between = shell.slice(end + HEAD_END.length, root);
    this.after = shell.slice(root + ROOT.length);
    const entry = Object.entries(manifest).find(([, c]) => (c as { isEntry?: boolean }).isEntry);
    if (entry) for (const f of this.closure(entry[0])) this.loaded.add(f);
  }

  static read(webDist: string): PageTemplate {
    const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return new PageTemplate(shell, manifest);
  }

  /** A chunk's file, its static imports' files and all their styles, each once. */
  private closure(key: string, seen = new Set<string>()): Set<string> {
    const out = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      const chunk = this.manifest[k];
      if (!chunk) return;
      out.add(chunk.file);
      for (const i of chunk.imports ?? []) visit(i);
      // A module's styles after those of what it imports, as Vite's own preloading orders them: its rules win the cascade.
      for (const css of chunk.css ?? []) out.add(css);
    };
    visit(key);
    return out;
  }

  /** <link> tags for the page modules' own chunks and styles. */
  private links(files: string[]): string {
    const wanted = new Set<string>();
    for (const file of files) for (const f of this.closure(file)) if (!this.loaded.has(f)) wanted.add(f);
    return [...wanted]
      .map((f) =>
        f.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${f}">` : `<link rel="modulepreload" crossorigin href="/${f}">`,
      )
      .join('\n    ');
  }

  fill(parts: PageParts): string {
    const links = this.links(parts.files);
    // After the entry's own tags, as the browser adds them when it loads the page itself: the page's styles come last.
    const at = Math.max(0, this.between.indexOf('</head>'));
    const between = links ? `${this.between.slice(0, at).trimEnd()}\n    ${links}\n  ${this.between.slice(at)}` : this.between;
    return `${this.before}${parts.head}${between}<div id="root">${parts.html}</div>${parts.state}${this.after}`;
  }
}
