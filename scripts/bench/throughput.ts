import autocannon from 'autocannon';
import { urlOf, type Route } from '@yance/contracts/routes';

export interface Throughput {
  /** The call as `METHOD /api/…`. */
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

/** Headers a browser sends; the home JSON is big enough to be compressed, as in real use. */
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const run = (baseUrl: string, route: Route, seconds: number, connections: number) =>
  autocannon({
    url: `${baseUrl}${urlOf(route)}`,
    method: route.method,
    connections,
    duration: seconds,
    pipelining: 1,
    headers: HEADERS,
    timeout: 10,
  });

/** A call as people read it: `GET /api/open/ping`. */
export const callOf = (route: Route): string => `${route.method} ${urlOf(route)}`;

/**
 * Keep-alive load on several calls of one server, after a warm-up of each.
 * The calls take turns in `rounds` slices of `seconds / rounds`, so a change
 * in background load on the machine hits all of them alike.
 */
export async function measureSideBySide(
  baseUrl: string,
  calls: readonly Route[],
  opts: { seconds: number; warmup: number; connections: number; rounds: number },
): Promise<Throughput[]> {
  for (const route of calls) await run(baseUrl, route, opts.warmup, opts.connections);
  const acc = calls.map((route) => ({ route, call: callOf(route), requests: 0, bytes: 0, duration: 0, p99Ms: 0, non2xx: 0, errors: 0 }));
  for (let r = 0; r < opts.rounds; r++) {
    for (const a of acc) {
      const res = await run(baseUrl, a.route, opts.seconds / opts.rounds, opts.connections);
      a.requests += res.requests.total;
      a.bytes += res.throughput.total;
      a.duration += res.duration;
      a.p99Ms = Math.max(a.p99Ms, res.latency.p99);
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  return acc.map(({ route: _route, duration, bytes, ...a }) => ({
    ...a,
    rps: a.requests / Math.max(duration, 0.001),
    bytesPerResponse: bytes / Math.max(a.requests, 1),
  }));
}
