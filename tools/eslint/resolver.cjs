// Resolves this repository's own import specifiers for eslint-plugin-boundaries
// (an eslint-import-resolver, interface version 2). Package imports are left
// unresolved on purpose: the plugin then classifies them as outside packages.
//   '@/x'                 → apps/web/src/x or apps/admin/src/x (each app's tsconfig path, by the importing file)
//   '@yance/contracts/x'  → packages/contracts/src/x.ts (the package's exports map)
//   '@yance/browser/x'    → packages/browser/src/x.ts   (the package's exports map)
//   './x', '../x'         → that file, as written (imports name their extension)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const WEB_SRC = path.join(root, 'apps/web/src');
const ADMIN = path.join(root, 'apps/admin');
const PACKAGES = {
  '@yance/contracts/': path.join(root, 'packages/contracts/src'),
  '@yance/browser/': path.join(root, 'packages/browser/src'),
};

/** The file a local specifier points at, or null for a package. */
function localTarget(source, file) {
  if (source.startsWith('@/')) return path.join(file.startsWith(ADMIN + path.sep) ? path.join(ADMIN, 'src') : WEB_SRC, source.slice(2));
  for (const [prefix, dir] of Object.entries(PACKAGES))
    if (source.startsWith(prefix)) return path.join(dir, `${source.slice(prefix.length)}.ts`);
  if (source.startsWith('./') || source.startsWith('../')) return path.resolve(path.dirname(file), source);
  return null;
}

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    // Vite suffixes (?url, ?raw) name the same file.
    const target = localTarget(source.split('?')[0], file);
    if (target === null) return { found: false };
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return { found: true, path: candidate };
    }
    // A path that does not exist is still judged by where it points, so a typo cannot dodge a boundary.
    return { found: true, path: target };
  },
};
