import autocannon from 'autocannon';

export interface Throughput {
  path: string;
  rps: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Headers a browser sends; the home JSON is big enough to be compressed, as in real use. */
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

async function run(url: string, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, pipelining: 1, headers: HEADERS, timeout: 10 });
}

/** Keep-alive load on one path for a fixed time, after a short warm-up. */
export async function measure(baseUrl: string, path: string, opts: { seconds: number; warmup: number; connections: number }): Promise<Throughput> {
  await run(`${baseUrl}${path}`, opts.warmup, opts.connections);
  const r = await run(`${baseUrl}${path}`, opts.seconds, opts.connections);
  return {
    path,
    rps: r.requests.total / Math.max(r.duration, 0.001),
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
