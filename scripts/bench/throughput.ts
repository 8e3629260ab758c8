import autocannon from 'autocannon';
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

const run = (baseUrl: string, target: Target, seconds: number, connections: number) =>
  autocannon({
    url: `${baseUrl}${target.path}`,
    method: target.method,
    connections,
    duration: seconds,
    pipelining: 1,
    headers: { accept: target.accept, 'accept-encoding': 'gzip, deflate, br' },
    timeout: 10,
  });

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
      a.requests += res.requests.total;
      a.bytes += res.throughput.total;
      a.duration += res.duration;
      a.p99Ms = Math.max(a.p99Ms, res.latency.p99);
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
