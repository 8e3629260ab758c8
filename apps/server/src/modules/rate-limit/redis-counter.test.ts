import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { redisCounter } from './redis-counter.ts';

// Runs against the local Redis when REDIS_URL is set (e.g. redis://127.0.0.1:6379).
const url = loadConfig().REDIS_URL;

describe.skipIf(!url)('Redis rate counter', () => {
  const a = redisCounter(url!);
  const b = redisCounter(url!);
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  const key = () => `test:${randomBytes(6).toString('hex')}`;

  it('counts hits from two clients in one window, with its expiry', async () => {
    const k = key();
    expect(await a.hit(k, 60)).toEqual({ count: 1, ttlSeconds: 60 });
    expect((await b.hit(k, 60)).count).toBe(2);
    const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(k, 60)));
    expect(Math.max(...parallel.map((s) => s.count))).toBe(22);
    const peek = await b.peek(k);
    expect(peek.count).toBe(22);
    expect(peek.ttlSeconds).toBeGreaterThan(55);
  });

  it('starts a new window when the old one ends, and clears', async () => {
    const k = key();
    await a.hit(k, 1);
    await a.hit(k, 1);
    // The window is Redis's own expiry: wait until the key is gone, however long the machine takes (the counter's
    // own peek already answers 0 in the window's last half second, while the key is still there).
    const raw = new Redis(url!);
    try {
      await expect.poll(() => raw.exists(`yance:rl:${k}`), { timeout: 10_000, interval: 100 }).toBe(0);
    } finally {
      raw.disconnect();
    }
    expect(await a.peek(k)).toEqual({ count: 0, ttlSeconds: 0 });
    expect((await b.hit(k, 1)).count).toBe(1);
    await a.clear(k);
    expect((await b.peek(k)).count).toBe(0);
  });
});

describe('Redis rate counter, Redis unreachable', () => {
  it('answers UNAVAILABLE within a second, for every call, and keeps no unhandled error', async () => {
    const down = redisCounter('redis://127.0.0.1:9', 'test:');
    try {
      for (const call of [() => down.hit('k', 60), () => down.peek('k'), () => down.release('k'), () => down.ping()]) {
        const started = Date.now();
        await expect(call()).rejects.toMatchObject({ kind: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试' });
        // Fails fast (1 s command and connect timeouts, no offline queue): far below a hang's length even on a busy machine.
        expect(Date.now() - started).toBeLessThan(5000);
      }
    } finally {
      await down.close();
    }
  });
});
