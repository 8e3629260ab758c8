// `npm run build -w @yance/server`: the server compiled to JavaScript (ADR 0057), so production runs
// `node apps/server/dist/server.js` — one process that receives its own signals, no TypeScript loader at run time.
// Our own code and @yance/contracts (TypeScript source) are bundled; every npm dependency stays an import of
// node_modules (native addons, sharp, PGlite …). Migrations and the other files the server reads stay in src/ and are
// found through config/paths.ts.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@yance/'));
const outdir = path.join(serverRoot, 'dist');

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { server: 'src/server.ts', migrate: 'src/db/migrate-cli.ts' },
  absWorkingDir: serverRoot,
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  // A subpath of an external package (drizzle-orm/pg-core, zod/v4 …) is external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  // Stack traces name our files and functions.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  // Packages written for CommonJS that the bundle imports by require().
  banner: { js: "import { createRequire as __yanceRequire } from 'node:module'; const require = __yanceRequire(import.meta.url);" },
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, out]) => sum + out.bytes, 0);
console.log(`server compiled to ${path.relative(process.cwd(), outdir)}/ (${(bytes / 1024).toFixed(0)} KiB of JavaScript)`);
