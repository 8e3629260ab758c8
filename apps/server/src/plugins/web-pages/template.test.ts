import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageTemplate, type PageParts } from './template.ts';

/** A built index.html as Vite writes it: the entry's script and style, the page-head markers, an empty root. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <!--page-head-->
    <title>研测 · 一站式科研检测服务平台</title>
    <!--/page-head-->
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-V1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-E1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * The entry imports the vendor chunk; the detail page imports the vendor
 * chunk (already loaded) and a shared chunk with its own style; the home page
 * imports the shared chunk too.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_vendor-V1.js'],
    css: ['assets/index-E1.css'],
    dynamicImports: ['src/app/routes/detail.tsx', 'src/app/routes/home.tsx'],
  },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_vendor-V1.js'], css: ['assets/shared-S1.css'] },
  'src/app/routes/detail.tsx': {
    file: 'assets/detail-D1.js',
    isDynamicEntry: true,
    imports: ['_vendor-V1.js', '_shared-S1.js'],
    css: ['assets/detail-D1.css'],
  },
  'src/app/routes/home.tsx': { file: 'assets/home-H1.js', isDynamicEntry: true, imports: ['_shared-S1.js'] },
};

const parts = (over: Partial<PageParts> = {}): PageParts => ({
  head: '<title>X射线衍射(XRD) - 研测</title>\n    <meta name="description" content="¥80.00/样起">',
  html: '<div class="site"><h1>X射线衍射(XRD)</h1></div>',
  state: '<script type="application/json" id="server-state">{"queries":[]}</script>',
  files: [],
  ...over,
});

/** Every href and src of the page, in order. */
const refs = (html: string) => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);

describe('PageTemplate', () => {
  const template = new PageTemplate(INDEX, MANIFEST);

  it('puts the head between the markers, the markup in #root and the state right after it', () => {
    const page = template.fill(parts());
    expect(page).toContain('<title>X射线衍射(XRD) - 研测</title>');
    expect(page).toContain('<meta name="description" content="¥80.00/样起">');
    // The template's own head (default title) is replaced, markers and all.
    expect(page).not.toContain('研测 · 一站式科研检测服务平台');
    expect(page).not.toContain('<!--page-head-->');
    expect(page).not.toContain('<!--/page-head-->');
    expect(page).toContain(
      '<div id="root"><div class="site"><h1>X射线衍射(XRD)</h1></div></div><script type="application/json" id="server-state">{"queries":[]}</script>',
    );
    // Everything else of the template is kept, in place.
    expect(page.startsWith('<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <title>')).toBe(true);
    expect(page.indexOf('<title>')).toBeLessThan(page.indexOf('/assets/index-E1.js'));
    expect(page.endsWith('\n  </body>\n</html>\n')).toBe(true);
    expect(page.match(/<div id="root">/g)).toHaveLength(1);
  });

  it("links the page module's chunk, its imports and their styles that the entry does not load already", () => {
    const page = template.fill(parts({ files: ['src/app/routes/detail.tsx'] }));
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/detail-D1.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/detail-D1.css">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-S1.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-S1.css">');
    // The entry's own files appear once: as the template has them.
    for (const file of ['/assets/index-E1.js', '/assets/vendor-V1.js', '/assets/index-E1.css']) {
      expect(
        refs(page).filter((r) => r === file),
        file,
      ).toHaveLength(1);
    }
    // The links go in the head.
    expect(page.indexOf('/assets/detail-D1.js')).toBeGreaterThan(page.indexOf('<title>'));
    expect(page.indexOf('/assets/detail-D1.css')).toBeLessThan(page.indexOf('</head>'));
  });

  it("orders the styles as the browser does when it loads the page itself: the entry's, then an import's, then the page's own", () => {
    const page = template.fill(parts({ files: ['src/app/routes/detail.tsx'] }));
    const styles = refs(page).filter((r) => r?.endsWith('.css'));
    // Equal selectors: the later rule wins, so the page module's own rules must come after those of the modules it imports.
    expect(styles).toEqual(['/assets/index-E1.css', '/assets/shared-S1.css', '/assets/detail-D1.css']);
  });

  it('puts every stylesheet before any script: what the first paint waits for is asked for first', () => {
    const page = template.fill(parts({ files: ['src/app/routes/detail.tsx'] }));
    const all = refs(page);
    const lastStyle = Math.max(...all.map((r, i) => (r?.endsWith('.css') ? i : -1)));
    const firstScript = all.findIndex((r) => r?.endsWith('.js'));
    expect(lastStyle).toBeLessThan(firstScript);
    // The entry's script, then its preloads, then the page's, dependencies first; then the head ends.
    expect(all.filter((r) => r?.endsWith('.js'))).toEqual([
      '/assets/index-E1.js',
      '/assets/vendor-V1.js',
      '/assets/shared-S1.js',
      '/assets/detail-D1.js',
    ]);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/detail-D1.js">\n  </head>');
  });

  it("moves React's preload of the largest image from the markup's start into the head, before the entry's script", () => {
    const preload = '<link rel="preload" as="image" href="/upload/img/banner/b1.svg" fetchPriority="high"/>';
    const page = template.fill(parts({ html: `${preload}<div class="site"><h1>首页</h1></div>` }));
    expect(page.indexOf(preload)).toBeGreaterThan(page.indexOf('<title>'));
    expect(page.indexOf(preload)).toBeLessThan(page.indexOf('/assets/index-E1.js'));
    expect(page).toContain('<div id="root"><div class="site"><h1>首页</h1></div></div>');
    expect(page.split(preload)).toHaveLength(2);
  });

  it('knows what index.html loads when the build splits the entry into groups (no chunk is marked as the entry)', () => {
    // As rolldown writes it with code-splitting groups: index.html loads the group chunks, the manifest has no isEntry.
    const split = INDEX.replace(
      '<script type="module" crossorigin src="/assets/index-E1.js"></script>',
      '<script type="module" crossorigin src="/assets/vendor-V1.js"></script>\n    <script type="module" crossorigin src="/assets/app-A1.js"></script>',
    ).replace(
      '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/shared-S1.css">\n    <link rel="stylesheet" crossorigin href="/assets/app-A1.css">',
    );
    const { 'index.html': _entry, ...rest } = MANIFEST;
    const manifest = {
      ...rest,
      '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_vendor-V1.js', '_shared-S1.js'] },
      '_app-A1.css': { file: 'assets/app-A1.css' },
    };
    const page = new PageTemplate(split, manifest).fill(parts({ files: ['src/app/routes/detail.tsx'] }));
    // shared-S1 comes with app-A1 already: only the detail page's own files are added, and nothing twice.
    expect(refs(page)).toEqual([
      '/assets/shared-S1.css',
      '/assets/app-A1.css',
      '/assets/detail-D1.css',
      '/assets/vendor-V1.js',
      '/assets/app-A1.js',
      '/assets/vendor-V1.js',
      '/assets/detail-D1.js',
    ]);
  });

  it('inlines the styles it can read, in the same order, each naming its file; links the rest', () => {
    const css: Record<string, string> = {
      'assets/index-E1.css': 'body{margin:0}\n',
      'assets/shared-S1.css': '.card{color:red}',
      // Would end the style element early: linked instead.
      'assets/detail-D1.css': '.x::after{content:"</style>"}',
    };
    const page = new PageTemplate(INDEX, MANIFEST, (f) => css[f]).fill(parts({ files: ['src/app/routes/detail.tsx'] }));
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<style data-href="/assets/index-E1.css">body{margin:0}</style>\n    <style data-href="/assets/shared-S1.css">.card{color:red}</style>\n    <link rel="stylesheet" crossorigin href="/assets/detail-D1.css">',
    );
    expect(page).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-E1.css">');
    // Still before any script.
    expect(head.indexOf('<style data-href="/assets/shared-S1.css">')).toBeLessThan(head.indexOf('<script'));
  });

  it('links each file once when several page modules share it', () => {
    const page = template.fill(parts({ files: ['src/app/routes/home.tsx', 'src/app/routes/detail.tsx'] }));
    const linked = refs(page).filter((r) => !['/assets/index-E1.js', '/assets/vendor-V1.js', '/assets/index-E1.css'].includes(r ?? ''));
    expect(linked.sort()).toEqual(
      ['/assets/home-H1.js', '/assets/shared-S1.js', '/assets/shared-S1.css', '/assets/detail-D1.js', '/assets/detail-D1.css'].sort(),
    );
  });

  it('adds no links for a page without modules of its own, nor for a file the manifest does not know', () => {
    const page = template.fill(parts({ files: ['src/app/routes/unknown.tsx'] }));
    expect(refs(page)).toEqual(['/assets/index-E1.css', '/assets/index-E1.js', '/assets/vendor-V1.js']);
  });

  it('rejects a template without the markers or the empty root', () => {
    expect(() => new PageTemplate(INDEX.replace('<!--page-head-->', ''), MANIFEST)).toThrow(/page-head/);
    expect(() => new PageTemplate(INDEX.replace('<!--/page-head-->', ''), MANIFEST)).toThrow(/page-head/);
    expect(() => new PageTemplate(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), MANIFEST)).toThrow(/root/);
    // Markers in the wrong order, or the root before the head.
    const swapped = INDEX.replace('<!--page-head-->', '@@')
      .replace('<!--/page-head-->', '<!--page-head-->')
      .replace('@@', '<!--/page-head-->');
    expect(() => new PageTemplate(swapped, MANIFEST)).toThrow(/page-head/);
    const rootFirst = INDEX.replace('<div id="root"></div>', '').replace('<head>', '<head><div id="root"></div>');
    expect(() => new PageTemplate(rootFirst, MANIFEST)).toThrow(/root/);
  });

  describe('read()', () => {
    let dir: string | undefined;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('reads index.html and .vite/manifest.json of a web build', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'yance-template-'));
      await mkdir(path.join(dir, '.vite'));
      await writeFile(path.join(dir, 'index.html'), INDEX);
      await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      const read = PageTemplate.read(dir);
      expect(read.fill(parts({ files: ['src/app/routes/detail.tsx'] }))).toBe(
        template.fill(parts({ files: ['src/app/routes/detail.tsx'] })),
      );
    });
  });
});
