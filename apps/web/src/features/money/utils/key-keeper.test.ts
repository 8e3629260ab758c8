import { describe, expect, it } from 'vitest';
import { createKeyKeeper } from './key-keeper.ts';

describe('a form’s idempotency keys', () => {
  it('sends the same key again for a retry, a new one for another body and after a success', () => {
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
