import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-logger.ts';

/** Fastify's own logger (pino), writing into lines. */
function logger() {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { parent: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

describe('a request’s lazy logger', () => {
  it('writes what it logs with the request id, as pino’s child would', () => {
    const { parent, lines } = logger();
    const log = lazyChildLogger(parent, { reqId: 'abc001' }, {});
    expect(log.level).toBe('info');
    log.debug('not at info');
    log.warn({ code: 'X' }, 'dependency unavailable');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'abc001', code: 'X', msg: 'dependency unavailable', level: 40 })]);
  });

  it('keeps a route’s own level and its children’s bindings', () => {
    const { parent, lines } = logger();
    const log = lazyChildLogger(parent, { reqId: 'abc002' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    log.info('below the route’s level');
    log.child({ part: 'render' }).error('failed');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'abc002', part: 'render', msg: 'failed' })]);
  });
});
