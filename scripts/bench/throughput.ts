import autocannon from 'autocannon';

export interface Throughput {
  path: string;
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

const run = (url: string, seconds: number, connections: number) =>
  autocannon({ url, connections, duration: seconds, pipelining: 1, headers: HEADERS, timeout: 10 });

/**
 * Keep-alive load on several paths of one server, after a warm-up of each.
 * The paths take turns in `rounds` slices of `seconds / rounds`, so a change
 * in background load on the machine hits all of them alike.
 */
export async function measureSideBySide(
  baseUrl: string,
  paths: readonly string[],
  opts: { seconds: number; warmup: number; connections: number; rounds: number },
): Promise<Throughput[]> {
  for (const p of paths) await run(`${baseUrl}${p}`, opts.warmup, opts.connections);
  const acc = paths.map((path) => ({ path, requests: 0, bytes: 0, duration: 0, p99Ms: 0, non2xx: 0, errors: 0 }));
  for (let r = 0; r < opts.rounds; r++) {
    for (const a of acc) {
      const res = await run(`${baseUrl}${a.path}`, opts.seconds / opts.rounds, opts.connections);
      a.requests += res.requests.total;
      a.bytes += res.throughput.total;
      a.duration += res.duration;
      a.p99Ms = Math.max(a.p99Ms, res.latency.p99);
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  return acc.map(({ duration, bytes, ...a }) => ({ ...a, rps: a.requests / Math.max(duration, 0.001), bytesPerResponse: bytes / Math.max(a.requests, 1) }));
}
