import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram.ts';

/** Ours and prom-client's Histogram, each in its own registry, with the same name, help and buckets. */
function sideBySide(buckets: number[]) {
  const [ours, theirs] = [new Registry(), new Registry()];
  const mine = new RequestHistogram('x_seconds', 'Time to answer.', buckets, ours);
  const reference = new Histogram({
    name: 'x_seconds',
    help: 'Time to answer.',
    labelNames: ['method', 'route', 'status_code'],
    buckets,
    registers: [theirs],
  });
  const lines = async (r: Registry) => (await r.metrics()).trim().split('\n').sort();
  return { mine, reference, ours, written: async () => ({ ours: await lines(ours), theirs: await lines(theirs) }) };
}

describe('the request-duration histogram', () => {
  it('writes what prom-client’s Histogram writes for the same observations', async () => {
    const { mine, reference, ours, written } = sideBySide([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
    const calls: [string, string, number, number][] = [
      ['GET', '/api/open/web/index', 200, 0.004],
      ['GET', '/api/open/web/index', 200, 0.005],
      ['GET', '/api/open/web/index', 200, 0.0051],
      ['POST', '/api/auth/user/info', 200, 0.3],
      ['POST', '/api/auth/user/info', 401, 12],
      ['GET', 'unmatched', 404, 0.02],
    ];
    for (const [method, route, status, seconds] of calls) {
      mine.observe(method, route, status, seconds);
      reference.observe({ method, route, status_code: String(status) }, seconds);
    }
    const w = await written();
    expect(w.ours).toEqual(w.theirs);
    mine.reset();
    expect(await ours.metrics()).not.toContain('x_seconds_count');
  });

  it('counts through a recorder into the same series as observe, before and after a reset', async () => {
    const { mine, reference, ours, written } = sideBySide([0.005, 0.01, 0.1]);
    const home = mine.recorder('GET', '/api/open/web/index', 200);
    expect(await ours.metrics()).not.toContain('x_seconds_count');
    mine.reset();
    for (const seconds of [0.001, 0.007, 0.2]) {
      home(seconds);
      reference.observe({ method: 'GET', route: '/api/open/web/index', status_code: '200' }, seconds);
    }
    mine.observe('GET', '/api/open/web/index', 200, 0.05);
    reference.observe({ method: 'GET', route: '/api/open/web/index', status_code: '200' }, 0.05);
    const w = await written();
    expect(w.ours).toEqual(w.theirs);
  });
});
