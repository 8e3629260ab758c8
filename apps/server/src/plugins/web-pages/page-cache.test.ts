import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { htmlPage, PageCache, type CachedPage } from './page-cache.ts';

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A build that counts its calls and answers a page naming the call. */
function countingBuild(label: string) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    build: async (): Promise<CachedPage> => {
      calls++;
      return htmlPage(200, `<p>${label} #${calls}</p>`);
    },
  };
}

const text = (page: CachedPage) => page.html?.toString('utf8');

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('htmlPage', () => {
  it('keeps the HTML as bytes with their gzip', () => {
    const page = htmlPage(404, '<h1>页面不存在</h1>');
    expect(page).toMatchObject({ status: 404, shell: false });
    expect(text(page)).toBe('<h1>页面不存在</h1>');
    expect(gunzipSync(page.gzip!).toString('utf8')).toBe('<h1>页面不存在</h1>');
  });
});

describe('PageCache', () => {
  it('answers from the cache within the TTL and builds again once it has passed', async () => {
    const clock = fakeClock();
    const cache = new PageCache(10_000, 10, clock.now);
    const b = countingBuild('home');
    expect(text(await cache.get('/', b.build))).toBe('<p>home #1</p>');
    clock.advance(9_999);
    expect(text(await cache.get('/', b.build))).toBe('<p>home #1</p>');
    expect(b.calls).toBe(1);
    clock.advance(1);
    expect(text(await cache.get('/', b.build))).toBe('<p>home #2</p>');
    expect(b.calls).toBe(2);
    // The new page is fresh for a whole TTL from its own build.
    clock.advance(9_999);
    expect(text(await cache.get('/', b.build))).toBe('<p>home #2</p>');
    expect(b.calls).toBe(2);
  });

  it('keeps each URL apart', async () => {
    const cache = new PageCache(10_000, 10, fakeClock().now);
    const a = countingBuild('a');
    const b = countingBuild('b');
    expect(text(await cache.get('/a', a.build))).toBe('<p>a #1</p>');
    expect(text(await cache.get('/b', b.build))).toBe('<p>b #1</p>');
    expect(text(await cache.get('/a', a.build))).toBe('<p>a #1</p>');
    expect([a.calls, b.calls]).toEqual([1, 1]);
  });

  it('lets concurrent requests for one URL share one build', async () => {
    const cache = new PageCache(10_000, 10, fakeClock().now);
    const gate = deferred<CachedPage>();
    let calls = 0;
    const build = () => {
      calls++;
      return gate.promise;
    };
    const waiting = [cache.get('/detail/x', build), cache.get('/detail/x', build), cache.get('/detail/x', build)];
    gate.resolve(htmlPage(200, 'once'));
    const pages = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(pages.map(text)).toEqual(['once', 'once', 'once']);
    expect(pages[1]).toBe(pages[0]);
  });

  it('past its bound drops the oldest URL first', async () => {
    const cache = new PageCache(60_000, 3, fakeClock().now);
    const builds = Object.fromEntries(['/1', '/2', '/3', '/4'].map((u) => [u, countingBuild(u)]));
    for (const u of ['/1', '/2', '/3']) await cache.get(u, builds[u]!.build);
    expect(cache.size).toBe(3);
    await cache.get('/4', builds['/4']!.build);
    expect(cache.size).toBe(3);
    // /2, /3 and /4 are still cached; /1 went and is built anew.
    for (const u of ['/2', '/3', '/4']) await cache.get(u, builds[u]!.build);
    expect(['/2', '/3', '/4'].map((u) => builds[u]!.calls)).toEqual([1, 1, 1]);
    expect(text(await cache.get('/1', builds['/1']!.build))).toBe('<p>/1 #2</p>');
    expect(cache.size).toBe(3);
  });

  it('does not cache a failed build: the next request builds again', async () => {
    const cache = new PageCache(10_000, 10, fakeClock().now);
    let calls = 0;
    const flaky = async (): Promise<CachedPage> => {
      calls++;
      if (calls === 1) throw new Error('API down');
      return htmlPage(200, 'recovered');
    };
    await expect(cache.get('/', flaky)).rejects.toThrow('API down');
    expect(text(await cache.get('/', flaky))).toBe('recovered');
    expect(text(await cache.get('/', flaky))).toBe('recovered');
    expect(calls).toBe(2);
  });

  it('shares a failure with the requests waiting on it, then builds again', async () => {
    const cache = new PageCache(10_000, 10, fakeClock().now);
    const gate = deferred<CachedPage>();
    let calls = 0;
    const build = () => {
      calls++;
      return calls === 1 ? gate.promise : Promise.resolve(htmlPage(200, 'second'));
    };
    const waiting = [cache.get('/', build), cache.get('/', build)];
    gate.reject(new Error('render failed'));
    const settled = await Promise.allSettled(waiting);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(text(await cache.get('/', build))).toBe('second');
    expect(calls).toBe(2);
  });

  it('keeps serving the old page while it is fresh, even if a later build of it would fail', async () => {
    const clock = fakeClock();
    const cache = new PageCache(10_000, 10, clock.now);
    await cache.get('/', async () => htmlPage(200, 'good'));
    const failing = async (): Promise<CachedPage> => {
      throw new Error('never called while fresh');
    };
    expect(text(await cache.get('/', failing))).toBe('good');
    clock.advance(10_000);
    // Expired: the failure reaches the caller, and is not cached either.
    await expect(cache.get('/', failing)).rejects.toThrow('never called while fresh');
    expect(text(await cache.get('/', async () => htmlPage(200, 'again')))).toBe('again');
  });
});
