/**
 * The same-bytes ceiling (issue 22): a tiny Fastify answering recorded
 * responses — the server's own status, headers and (compressed) body bytes —
 * from memory. What the server does per request beyond writing those bytes
 * is the difference between its req/s and this one's. Run as a child process
 * (its own event loop, like the server): `node --import tsx ceiling.ts <spec.json>`,
 * prints `LISTENING <port>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Recorded {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  headers: Record<string, string>;
  /** Base64 of the body as sent on the wire (gzipped when the server gzipped it). */
  body: string;
}

/** Headers that belong to the connection or the moment, not to the answer: Fastify and Node write their own. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One request as wrk sends it, answered with its raw bytes (fetch would decompress them). */
export function record(
  baseUrl: string,
  req: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string },
): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const r = http.request(`${baseUrl}${req.path}`, { method: req.method, headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !OWN_HEADERS.has(k)) headers[k] = String(v);
        resolve({
          method: req.method,
          path: req.path,
          status: res.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

export interface Ceiling {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the ceiling for these recorded answers in its own process. */
export async function startCeiling(answers: Recorded[], specFile: string): Promise<Ceiling> {
  await writeFile(specFile, JSON.stringify(answers));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), specFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the ceiling exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(specFile: string) {
  const { default: Fastify } = await import('fastify');
  const answers = JSON.parse(await readFile(specFile, 'utf8')) as Recorded[];
  const app = Fastify({ logger: false });
  for (const a of answers) {
    const body = Buffer.from(a.body, 'base64');
    app.route({ method: a.method, url: a.path, handler: (_req, reply) => reply.code(a.status).headers(a.headers).send(body) });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serve(process.argv[2]!);
