import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Modules that belong to the console alone: its app, its calls' table, the file calls only it makes, its editor. */
const CONSOLE_ONLY = [
  /(^|\/)apps\/admin\//,
  /packages\/contracts\/src\/(admin-routes|routes)\.ts$/,
  /packages\/browser\/src\/api-files\.ts$/,
  /node_modules\/@tiptap\//,
  /node_modules\/prosemirror-/,
];

export interface HomeModules {
  /** Every source module in the home page's scripts under /assets/. */
  modules: string[];
  /** Of those, the console's own (must be none: issue 8). */
  consoleOnly: string[];
  /** Of those, the browser code both apps share (@yance/browser). */
  shared: string[];
}

/**
 * Which source modules the home page's scripts hold, read from the hidden
 * source maps `npm run bench` builds (BUILD_SOURCEMAP=hidden: the same
 * JavaScript, maps beside it). Proves the console adds nothing to the
 * storefront's first load, module by module.
 */
export async function homeModules(webDist: string, scriptPaths: string[]): Promise<HomeModules> {
  const modules = new Set<string>();
  let maps = 0;
  for (const url of scriptPaths.filter((p) => p.startsWith('/assets/'))) {
    const file = path.join(webDist, url);
    // The bundler's own runtime chunk has no source module, and so no map.
    const map = await readFile(`${file}.map`, 'utf8').then(
      (t) => JSON.parse(t) as { sources: string[] },
      () => null,
    );
    if (!map) continue;
    maps += 1;
    for (const s of map.sources) modules.add(path.relative(path.resolve(webDist, '../../..'), path.resolve(path.dirname(file), s)));
  }
  if (maps === 0) throw new Error("no source maps beside the home page's scripts: build with BUILD_SOURCEMAP=hidden (npm run bench does)");
  const list = [...modules].sort();
  return {
    modules: list,
    consoleOnly: list.filter((m) => CONSOLE_ONLY.some((re) => re.test(m))),
    shared: list.filter((m) => m.startsWith('packages/browser/')),
  };
}
