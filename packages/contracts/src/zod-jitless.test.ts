import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod-jitless (imported first by each browser entry)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps zod from ever calling new Function: not to compile a parser, not even to probe whether it may (a CSP eval violation)', async () => {
    const made: string[] = [];
    const RealFunction = globalThis.Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args: string[]) {
          made.push(args.join(', ').slice(0, 80));
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ no: z.string(), amountFen: z.number().int(), lines: z.array(z.object({ id: z.number() })) });
    for (let i = 0; i < 3; i++) expect(schema.parse({ no: 'TU1', amountFen: 100, lines: [{ id: i }] }).lines[0]!.id).toBe(i);
    expect(made).toEqual([]);
  });
});
