import { describe, expect, it } from 'vitest';
import { createWriteGuard, intentOf } from './write-guard.ts';

const later = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('write guard', () => {
  it('sends a double click once and answers both clicks with the one answer', async () => {
    const guard = createWriteGuard();
    const answer = later<number>();
    let sent = 0;
    const send = () => (sent++, answer.promise);
    const first = guard.run({ id: 1 }, send);
    const second = guard.run({ id: 1 }, send);
    expect(sent).toBe(1);
    answer.resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    // Once answered, the same input is sent again.
    await guard.run({ id: 1 }, () => (sent++, Promise.resolve(8)));
    expect(sent).toBe(2);
  });

  it('sends another input while one is out, and forgets a failed one', async () => {
    const guard = createWriteGuard();
    const a = later<string>();
    let sent = 0;
    void guard.run({ id: 1 }, () => (sent++, a.promise)).catch(() => undefined);
    void guard.run({ id: 2 }, () => (sent++, Promise.resolve('b')));
    expect(sent).toBe(2);
    a.reject(new Error('lost'));
    await a.promise.catch(() => undefined);
    await guard.run({ id: 1 }, () => (sent++, Promise.resolve('again')));
    expect(sent).toBe(3);
  });

  it('keeps one key per intent until it succeeds', () => {
    let n = 0;
    const guard = createWriteGuard(() => `key${++n}`);
    expect(guard.keyFor({ amount: 1 })).toBe('key1');
    expect(guard.keyFor({ amount: 1 })).toBe('key1');
    expect(guard.keyFor({ amount: 2 })).toBe('key2');
    guard.done({ amount: 1 });
    expect(guard.keyFor({ amount: 1 })).toBe('key3');
  });

  it('tells files apart by name, size and date', () => {
    const a = new File(['aa'], 'a.pdf', { lastModified: 1 });
    const b = new File(['bbb'], 'b.pdf', { lastModified: 1 });
    expect(intentOf({ file: a })).not.toBe(intentOf({ file: b }));
    expect(intentOf(undefined)).toBe('undefined');
  });
});
