// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminRoutes, routes, urlOf } from '@yance/contracts/routes';
import { call, ClientErrorCode, EXPIRED_MESSAGE, setTokenSource, switchToStaffSession } from './api-client.ts';
import { setNotifier } from './notify.ts';
import { onSessionEnd } from './session-events.ts';
import { createTokenStore } from './token-store.ts';

const tokenStore = createTokenStore('token');
const REFRESH_PATH = urlOf(routes.refresh4token);
const REFRESH_LOCK = 'yance-token-refresh';

const ok = (data: unknown) => new Response(JSON.stringify({ code: 1, msg: 'ok', data }), { status: 200 });
const fail = (code: number, msg: string) => new Response(JSON.stringify({ code, msg, data: null }), { status: code || 400 });
const now = () => Math.floor(Date.now() / 1000);

/** A fetch mock that answers the refresh call with `refreshAnswer` and everything else with {code:1}. */
function mockFetch(refreshAnswer: () => Promise<Response>) {
  const calls: { path: string; token: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: URL | RequestInfo, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, token: headers.token ?? null, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return path === REFRESH_PATH ? refreshAnswer() : ok({ path });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const toasts = { warning: vi.fn(), error: vi.fn(), success: vi.fn() };
beforeEach(() => {
  setTokenSource(tokenStore);
  setNotifier(toasts);
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.values(toasts).forEach((t) => t.mockReset());
});

describe('token refresh guard', () => {
  it('sends no refresh while 3600 s or more remain', async () => {
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 3700 });
    const calls = mockFetch(async () => ok(null));
    await call('userInfo');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/user/info']);
    expect(calls[0]?.token).toBe('a');
  });

  it('parallel requests under 3600 s trigger exactly one refresh, then use and store the new token', async () => {
    tokenStore.save({ token: 'old', refreshToken: 'r-old', expires: 100 });
    let release: (r: Response) => void = () => {};
    const calls = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = Promise.all([call('userInfo'), call('addressAdd'), call('home')]);
    await vi.waitFor(() => expect(calls.length).toBe(1));
    release(ok({ token: 'new', refreshToken: 'r-new', expires: 7200 }));
    await pending;
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toEqual([{ path: REFRESH_PATH, token: null, body: { token: 'r-old' } }]);
    expect(calls.filter((c) => c.path !== REFRESH_PATH).every((c) => c.token === 'new')).toBe(true);
    const stored = tokenStore.get();
    expect(stored).toMatchObject({ access: 'new', refresh: 'r-new' });
    expect(Math.abs((stored?.expires ?? 0) - (now() + 7200))).toBeLessThanOrEqual(1);
  });

  it('a failed refresh only warns on the console: no toast, the token stays, the request goes on', async () => {
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 60 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = mockFetch(async () => fail(401, '登录已过期，请重新登录'));
    await expect(call('userInfo')).resolves.toEqual({ path: '/api/auth/user/info' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(Object.values(toasts).every((t) => t.mock.calls.length === 0)).toBe(true);
    expect(tokenStore.access()).toBe('a');
    expect(calls.map((c) => c.path)).toEqual([REFRESH_PATH, '/api/auth/user/info']);
  });
});

/**
 * A stand-in for navigator.locks shared by "tabs": one holder per name at a
 * time, the others wait in order (the Web Locks API's exclusive mode).
 */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  const locks = {
    request(name: string, callback: () => Promise<unknown>) {
      names.push(name);
      const prev = queues.get(name) ?? Promise.resolve();
      const run = prev.then(() => callback());
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { locks, names };
}

describe('cross-tab refresh lock (ADR 0022)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('refreshes under the yance-token-refresh lock', async () => {
    const { names } = fakeLocks();
    tokenStore.save({ token: 'old', refreshToken: 'r-old', expires: 100 });
    const calls = mockFetch(async () => ok({ token: 'new', refreshToken: 'r-new', expires: 7200 }));
    await call('userInfo');
    expect(names).toEqual([REFRESH_LOCK]);
    expect(calls.map((c) => c.path)).toEqual([REFRESH_PATH, '/api/auth/user/info']);
    expect(calls[1]?.token).toBe('new');
  });

  it('when another tab refreshed while this one waited for the lock, its pair is used and no second refresh is sent', async () => {
    const { locks } = fakeLocks();
    tokenStore.save({ token: 'old', refreshToken: 'r-old', expires: 100 });
    const calls = mockFetch(async () => ok({ token: 'mine', refreshToken: 'r-mine', expires: 7200 }));
    // The other tab holds the lock and stores the pair it got (as its tokenStore.save writes localStorage).
    let otherTabDone: (() => void) | null = null;
    const otherTab = locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => (otherTabDone = resolve)));
    await vi.waitFor(() => expect(otherTabDone).not.toBeNull());
    const pending = call('userInfo');
    localStorage.setItem('token', JSON.stringify({ access: 'theirs', refresh: 'r-theirs', expires: now() + 7200 }));
    otherTabDone!();
    await otherTab;
    await pending;
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/user/info']);
    expect(calls[0]?.token).toBe('theirs');
    expect(tokenStore.get()).toMatchObject({ access: 'theirs', refresh: 'r-theirs' });
  });

  it('without navigator.locks it still refreshes, once', async () => {
    expect('locks' in navigator).toBe(false);
    tokenStore.save({ token: 'old', refreshToken: 'r-old', expires: 100 });
    const calls = mockFetch(async () => ok({ token: 'new', refreshToken: 'r-new', expires: 7200 }));
    await Promise.all([call('userInfo'), call('home')]);
    expect(calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
    expect(calls.filter((c) => c.path !== REFRESH_PATH).every((c) => c.token === 'new')).toBe(true);
  });
});

describe('session end', () => {
  it('a 401 clears the token, warns "Re login" and toasts the expiry warning', async () => {
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 7200 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(401, '登录已过期，请重新登录')),
    );
    await expect(call('userInfo')).rejects.toMatchObject({ code: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Re login');
    expect(toasts.warning).toHaveBeenCalledWith(EXPIRED_MESSAGE);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledWith('expired');
    off();
  });

  it('an /api/auth request with no token ends the session without calling the server', async () => {
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(call('userInfo')).rejects.toMatchObject({ code: 401 });
    expect(ended).toHaveBeenCalledWith('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
    off();
  });
});

describe("the console's staff session", () => {
  // Last in this file: the switch holds for the module, as it does for the console's bundle.
  const staffTokens = createTokenStore('yance-staff-token');
  beforeAll(() => switchToStaffSession(adminRoutes));
  beforeEach(() => setTokenSource(staffTokens));

  it('renews with adminRefresh under its own lock, and leaves the customer token alone', async () => {
    const { names } = fakeLocks();
    tokenStore.save({ token: 'customer', refreshToken: 'r-customer', expires: 100 });
    staffTokens.save({ token: 'old', refreshToken: 'r-old', expires: 100 });
    const calls: { path: string; token: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | RequestInfo, init?: RequestInit) => {
        const path = new URL(String(input)).pathname;
        calls.push({ path, token: ((init?.headers ?? {}) as Record<string, string>).token ?? null });
        return path === urlOf(routes.adminRefresh) ? ok({ token: 'new', refreshToken: 'r-new', expires: 7200 }) : ok(null);
      }),
    );
    await call('adminMe');
    expect(names).toEqual(['yance-admin-token-refresh']);
    expect(calls).toEqual([
      { path: '/api/admin/refresh', token: null },
      { path: '/api/admin/me', token: 'new' },
    ]);
    expect(tokenStore.access()).toBe('customer');
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('a 401 on an /api/admin call clears the staff token and ends the session', async () => {
    staffTokens.save({ token: 's', refreshToken: 'r', expires: 7200 });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(401, '登录已过期，请重新登录')),
    );
    await expect(call('staffList')).rejects.toMatchObject({ code: 401 });
    expect(staffTokens.get()).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
    off();
  });
});

describe('an answer that does not arrive whole', () => {
  /** A 200 whose body fails when read, after `cancel` ran (a query cancelled while its answer was arriving). */
  const brokenBody = (cancel: () => void) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        json: async () => {
          cancel();
          throw new DOMException('The operation was aborted.', 'AbortError');
        },
      })),
    );

  it('is cancelled, without a toast, when its caller gave up while the body was read', async () => {
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 7200 });
    const controller = new AbortController();
    brokenBody(() => controller.abort());
    await expect(call('userInfo', {}, { signal: controller.signal })).rejects.toMatchObject({ code: ClientErrorCode.CANCELED });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('is a server fault, told once, when nobody cancelled it', async () => {
    tokenStore.save({ token: 'a', refreshToken: 'r', expires: 7200 });
    brokenBody(() => {});
    await expect(call('userInfo')).rejects.toMatchObject({ code: ClientErrorCode.NETWORK, message: '服务器响应异常，请稍后再试' });
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith('服务器响应异常，请稍后再试');
  });
});
