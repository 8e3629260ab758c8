import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { urlOf, type Route } from '@yance/contracts/routes';

export interface Throughput {
  /** The call as `METHOD /path`. */
  call: string;
  rps: number;
  /** Worst p99 latency over the rounds. */
  p99Ms: number;
  requests: number;
  /** Mean response size on the wire (headers + body), to show the home call was answered in full. */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

/** What is loaded: a method and path, with the headers a browser sends for it. */
export interface Target {
  method: 'GET' | 'POST';
  path: string;
  accept: string;
}

/** An API call as a target: JSON, compressed as a browser asks (the home JSON is big enough to be). */
export const apiTarget = (route: Route): Target => ({ method: route.method, path: urlOf(route), accept: 'application/json' });
/** A page as a browser asks for it. */
export const pageTarget = (path: string): Target => ({ method: 'GET', path, accept: 'text/html' });

/** wrk's summary, as wrk-summary.lua prints it. */
const WrkSummary = z.object({
  requests: z.number(),
  bytes: z.number(),
  durationUs: z.number(),
  p99Us: z.number(),
  non2xx: z.number(),
  errors: z.number(),
});
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-summary.lua');
const execFileAsync = promisify(execFile);

/**
 * One run of wrk (Debian's package), a load generator in C: a client in
 * JavaScript (autocannon, until 2026-11-23) spent more time parsing a 20 kB
 * page than the server spent answering it, so it measured itself.
 */
async function run(baseUrl: string, target: Target, seconds: number, connections: number) {
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', WRK_SCRIPT];
  const headers = [`accept: ${target.accept}`, 'accept-encoding: gzip, deflate, br'];
  if (target.method !== 'GET') throw new Error(`wrk runs here take GET only, not ${target.method}`);
  const { stdout } = await execFileAsync('wrk', [...args, ...headers.flatMap((h) => ['-H', h]), `${baseUrl}${target.path}`]).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new Error('wrk is not installed: apt-get install wrk');
      throw err;
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no summary for ${target.path}: ${stdout}`);
  return WrkSummary.parse(JSON.parse(line.slice('BENCH_JSON '.length)));
}

/** A call as people read it: `GET /api/open/ping`. */
export const callOf = (target: Pick<Target, 'method' | 'path'>): string => `${target.method} ${target.path}`;

/**
 * Keep-alive load on several calls of one server, after a warm-up of each.
 * The calls take turns in `rounds` slices of `seconds / rounds`, so a change
 * in background load on the machine hits all of them alike.
 */
export async function measureSideBySide(
  baseUrl: string,
  calls: readonly Target[],
  opts: { seconds: number; warmup: number; connections: number; rounds: number },
): Promise<Throughput[]> {
  for (const route of calls) await run(baseUrl, route, opts.warmup, opts.connections);
  const acc = calls.map((target) => ({ target, call: callOf(target), requests: 0, bytes: 0, duration: 0, p99Ms: 0, non2xx: 0, errors: 0 }));
  for (let r = 0; r < opts.rounds; r++) {
    for (const a of acc) {
      const res = await run(baseUrl, a.target, opts.seconds / opts.rounds, opts.connections);
      a.requests += res.requests;
      a.bytes += res.bytes;
      a.duration += res.durationUs / 1e6;
      a.p99Ms = Math.max(a.p99Ms, Math.round(res.p99Us / 100) / 10);
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  return acc.map(({ target: _target, duration, bytes, ...a }) => ({
    ...a,
    rps: a.requests / Math.max(duration, 0.001),
    bytesPerResponse: bytes / Math.max(a.requests, 1),
  }));
}
