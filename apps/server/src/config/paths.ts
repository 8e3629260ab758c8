import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above `from` holding the server package's package.json. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@yance/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @yance/server package.json above ${from}`);
  }
}

/**
 * apps/server, found from this file rather than by a fixed number of '..', so the same code is right when run from
 * src/ by tsx (tests, development) and from the compiled bundle in dist/ (production, ADR 0057).
 */
export const serverRoot = packageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The repository (workspace) root: the web builds, data/ and the produced assets are found from here. */
export const repoRoot = path.resolve(serverRoot, '../..');
