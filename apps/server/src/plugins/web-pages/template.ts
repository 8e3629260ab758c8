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
  /** From the end of the page-head block to </head>: the entry's script, preloads and styles. */
  private readonly entryHead: string;
  /** From </head> to #root. */
  private readonly bodyStart: string;
  private readonly after: string;
  /** Chunks and styles index.html already loads. */
  private readonly loaded = new Set<string>();

  constructor(shell: string, manifest: Manifest) {
    this.manifest = manifest;
    const start = shell.indexOf(HEAD_START);
    const end = shell.indexOf(HEAD_END);
    const headEnd = shell.indexOf('</head>');
    const root = shell.indexOf(ROOT);
    if (start < 0 || end < start || headEnd < end || root < headEnd)
      throw new Error('index.html lacks the page-head markers, </head> or <div id="root"></div>');
    this.before = shell.slice(0, start);
    this.entryHead = shell.slice(end + HEAD_END.length, headEnd);
    this.bodyStart = shell.slice(headEnd, root);
    this.after = shell.slice(root + ROOT.length);
    const entry = Object.entries(manifest).find(([, c]) => (c as { isEntry?: boolean }).isEntry);
    if (entry) for (const f of this.closure(entry[0])) this.loaded.add(f);
  }

  static read(webDist: string): PageTemplate {
    const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return new PageTemplate(shell, manifest);
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
    // React writes the preload of a high-priority image (the first banner: the page's largest paint) at the start of the
    // markup; in the head, before the entry's script and preloads, the browser asks for it first.
    const [, images = '', html = parts.html] = LEADING_IMAGE_PRELOADS.exec(parts.html) ?? [];
    const head = images ? `${parts.head}\n    ${images.trim()}` : parts.head;
    // The page's links after the entry's: its styles override the global ones, as when the browser loads its chunk later.
    return `${this.before}${head}${this.entryHead}${links ? `  ${links}\n  ` : ''}${this.bodyStart}<div id="root">${html}</div>${parts.state}${this.after}`;
  }
}
