import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '@yance/contracts/prestore';
import { createKeyKeeper, newIdempotencyKey } from './idempotency-key.ts';

describe('idempotency keys', () => {
  it('are what the contract accepts, and new each time, also where randomUUID is absent', () => {
    const original = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = Array.from({ length: 200 }, newIdempotencyKey);
      for (const k of keys) expect(idempotencyKey.safeParse(k).success).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('a form sends the same key again for a retry, a new one for another body and after a success', () => {
    const keys = createKeyKeeper();
    const a = keys.keyFor({ amountFen: 100_000 });
    expect(keys.keyFor({ amountFen: 100_000 })).toBe(a);
    const b = keys.keyFor({ amountFen: 200_000 });
    expect(b).not.toBe(a);
    expect(keys.keyFor({ amountFen: 200_000 })).toBe(b);
    keys.done();
    expect(keys.keyFor({ amountFen: 200_000 })).not.toBe(b);
  });
});
