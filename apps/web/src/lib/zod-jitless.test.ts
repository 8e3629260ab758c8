import { afterEach, describe, expect, it, vi } from 'vitest';

// The build's own resolution (vite.config.ts, which vitest reads): the bare `zod` is zod set jitless.
describe('zod in the storefront’s bundle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds and parses the shared schemas without new Function, which the pages’ CSP refuses (eval)', async () => {
    const made: string[] = [];
    vi.stubGlobal(
      'Function',
      new Proxy(globalThis.Function, {
        construct(target, args: string[]) {
          made.push(args.join(', ').slice(0, 80));
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    // Modules that build schemas when loaded, as a page's chunk does; nothing here sets zod up first by hand.
    const { pagingQuery } = await import('@yance/contracts/paging');
    const { orderAddBody } = await import('@yance/contracts/order');
    const { z } = await import('zod');
    expect(pagingQuery.parse({ page: '2' })).toEqual({ page: 2, pageSize: 12 });
    expect(orderAddBody.safeParse({ lines: [], delivery: 1 }).success).toBe(false);
    expect(z.config().jitless).toBe(true);
    expect(made).toEqual([]);
  });
});
