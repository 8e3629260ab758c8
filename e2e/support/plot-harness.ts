import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface PlotHarness {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The data plot's test page (apps/web/vite.plot-harness.config.ts, ADR 0042):
 * built the app's way into a temp folder with its synthetic data files and
 * served on loopback. The app's own build has no such page; the bench uses
 * this same function (scripts/bench/plot.ts).
 */
export async function startPlotHarness(): Promise<PlotHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yance-e2e-plot-'));
  const out = path.join(dir, 'out');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/vite'),
      ['build', '--config', 'vite.plot-harness.config.ts', '--logLevel', 'warn'],
      {
        cwd: path.join(repoRoot, 'apps/web'),
        env: { ...process.env, PLOT_HARNESS_OUT: out },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`plot harness build exited ${code}`))));
  });
  const server = createServer((req, res) => {
    const file = path.join(out, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(out + path.sep)) return void res.writeHead(404).end();
    stat(file).then(
      (s) => {
        if (!s.isFile()) return void res.writeHead(404).end();
        const ext = path.extname(file);
        const type = ext === '.html' ? 'text/html' : ext === '.js' ? 'text/javascript' : ext === '.css' ? 'text/css' : 'text/plain';
        res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'content-length': s.size });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
