import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { urlOf, type Route } from '@yance/contracts/routes';
import { median } from './stats.ts';

export interface Throughput {
  /** The call as `METHOD /path`. */
  call: string;
  rps: number;
  /** req/s in each round's slice, in order: compared slice by slice with another call's (pairedRatio). */
  roundRps: number[];
  /** Worst p99 latency over the rounds. */
  p99Ms: number;
  /** Worst median latency over the rounds. */
  p50Ms: number;
  requests: number;
  /** Mean response size on the wire (headers + body), to show the home call was answered in full. */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  /** Node CPU per answered request (µs), when the target has CPU meters. */
  nodeUsPerRequest?: number;
  /** PostgreSQL CPU per answered request (µs), its backends of this server. */
  databaseUsPerRequest?: number;
}

/** What is loaded: a method and path, with the headers a browser sends for it. */
export interface Target {
  method: 'GET' | 'POST';
  path: string;
  accept: string;
  /** A POST's calls (wrk-api.lua): `info` with the data file's tokens in turn, `pay` one payment per line. */
  calls?: { mode: 'info' | 'pay'; dataFile: string };
  /** The label in tables, when not the call itself. */
  label?: string;
  /** Another server than the run's (the same-bytes ceiling). */
  baseUrl?: string;
  /** CPU time so far (µs) of what answers this target: measured around each slice, reported per request. */
  cpu?: CpuMeters;
}

/** Cumulative CPU clocks (µs): the Node process that answers, and the PostgreSQL backends it uses (if any). */
export interface CpuMeters {
  node: () => Promise<number>;
  database?: () => Promise<number>;
}

/** An API call as a target: JSON, compressed as a browser asks (the home JSON is big enough to be). */
export const apiTarget = (route: Route): Target => ({ method: route.method, path: urlOf(route), accept: 'application/json' });
/** A page as a browser asks for it. */
export const pageTarget = (path: string): Target => ({ method: 'GET', path, accept: 'text/html' });

/** wrk's summary, as wrk-summary.lua prints it. */
const WrkSummary = z.object({
  requests: z.number(),
  p50Us: z.number().default(0),
  bytes: z.number(),
  durationUs: z.number(),
  p99Us: z.number(),
  non2xx: z.number(),
  errors: z.number(),
});
const here = path.dirname(fileURLToPath(import.meta.url));
const WRK_SCRIPT = path.join(here, 'wrk-summary.lua');
const WRK_API_SCRIPT = path.join(here, 'wrk-api.lua');
const execFileAsync = promisify(execFile);

/**
 * One run of wrk (Debian's package), a load generator in C: a client in
 * JavaScript (autocannon, until 2026-11-23) spent more time parsing a 20 kB
 * page than the server spent answering it, so it measured itself.
 */
export async function wrk(baseUrl: string, target: Target, seconds: number, connections: number) {
  const script = target.calls ? WRK_API_SCRIPT : WRK_SCRIPT;
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script];
  const headers = [`accept: ${target.accept}`, 'accept-encoding: gzip, deflate, br'];
  if (target.method !== 'GET' && !target.calls) throw new Error(`${target.method} ${target.path}: a POST needs its calls (wrk-api.lua)`);
  const scriptArgs = target.calls ? ['--', target.calls.mode, target.calls.dataFile] : [];
  const url = `${target.baseUrl ?? baseUrl}${target.path}`;
  const { stdout } = await execFileAsync('wrk', [...args, ...headers.flatMap((h) => ['-H', h]), url, ...scriptArgs]).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new Error('wrk is not installed: apt-get install wrk');
      throw err;
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no summary for ${target.path}: ${stdout}`);
  return WrkSummary.parse(JSON.parse(line.slice('BENCH_JSON '.length)));
}

async function readMeters(cpu: CpuMeters | undefined): Promise<{ node: number; database: number }> {
  if (!cpu) return { node: 0, database: 0 };
  const [node, database] = await Promise.all([cpu.node(), cpu.database?.() ?? 0]);
  return { node, database };
}

/** A call as people read it: `GET /api/open/ping`. */
export const callOf = (target: Pick<Target, 'method' | 'path' | 'label'>): string => target.label ?? `${target.method} ${target.path}`;

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
  if (opts.warmup > 0) for (const route of calls) await wrk(baseUrl, route, opts.warmup, opts.connections);
  const acc = calls.map((target) => ({
    target,
    call: callOf(target),
    requests: 0,
    bytes: 0,
    duration: 0,
    p99Ms: 0,
    p50Ms: 0,
    non2xx: 0,
    errors: 0,
    nodeUs: 0,
    databaseUs: 0,
    roundRps: [] as number[],
  }));
  for (let r = 0; r < opts.rounds; r++) {
    for (const a of acc) {
      const before = await readMeters(a.target.cpu);
      const res = await wrk(baseUrl, a.target, opts.seconds / opts.rounds, opts.connections);
      const after = await readMeters(a.target.cpu);
      a.nodeUs += after.node - before.node;
      a.databaseUs += after.database - before.database;
      a.requests += res.requests;
      a.bytes += res.bytes;
      a.duration += res.durationUs / 1e6;
      a.roundRps.push(res.requests / Math.max(res.durationUs / 1e6, 0.001));
      a.p99Ms = Math.max(a.p99Ms, Math.round(res.p99Us / 100) / 10);
      a.p50Ms = Math.max(a.p50Ms, Math.round(res.p50Us / 100) / 10);
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  return acc.map(({ target, duration, bytes, nodeUs, databaseUs, ...a }) => ({
    ...a,
    rps: a.requests / Math.max(duration, 0.001),
    bytesPerResponse: bytes / Math.max(a.requests, 1),
    ...(target.cpu && { nodeUsPerRequest: nodeUs / Math.max(a.requests, 1) }),
    ...(target.cpu?.database && { databaseUsPerRequest: databaseUs / Math.max(a.requests, 1) }),
  }));
}

/**
 * a's req/s ÷ b's, the median over the rounds of the two slices of the same round — taken one after the other, so a
 * burst of load from elsewhere on the machine (a virtual machine's neighbours) moves one round's ratio, not the
 * figure, as it would a ratio of the sums.
 */
export function pairedRatio(a: Throughput, b: Throughput): number {
  const ratios = a.roundRps.map((rps, i) => rps / b.roundRps[i]!);
  return median(ratios);
}
