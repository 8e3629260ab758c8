import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '@yance/contracts/prestore';
import { newIdempotencyKey } from './idempotency-key.ts';

describe('idempotency keys', () => {
  it('are what the contract accepts, and new each time', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const k of keys) expect(idempotencyKey.safeParse(k).success).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
