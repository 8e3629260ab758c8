import { ErrorCode, OK_CODE } from '@yance/contracts/codes';
import type { TokenPair } from '@yance/contracts/account';
import type { BodyIn, DataOf, QueryIn } from '@yance/contracts/endpoint';
import type { EndpointName, Endpoints } from '@yance/contracts/endpoints';
import type { Envelope } from '@yance/contracts/envelope';
import type { RenderTransport } from '@yance/contracts/page-render';
import type { adminRoutes } from '@yance/contracts/admin-routes';
import { urlOf, type Route } from '@yance/contracts/route';
import { shopRoutes } from '@yance/contracts/shop-routes';
import { DEVICE_ID_HEADER } from '@yance/contracts/invite-states';
import { deviceId } from './device-id.ts';
import { notify } from './notify.ts';
import { endSession } from './session-events.ts';

/** Client-side failure codes (spec §8: network, timeout and cancel have their own codes). */
export const ClientErrorCode = { NETWORK: -1, TIMEOUT: -2, CANCELED: -3 } as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What a person reads for a failure (issue 21): the server's or the client's
 * Chinese message, never a class name, code or an exception's English.
 */
export const errorText = (err: unknown): string =>
  err instanceof ApiError ? err.message : typeof err === 'string' && err ? err : '操作失败，请稍后再试';

/** The server's "no such thing" answer (an unknown rid or article). */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.NOT_FOUND;

export interface RequestOptions {
  /** false = do not toast a failing code (spec §7 "unless feedback is off"). */
  feedback?: boolean;
  signal?: AbortSignal;
  /** Default 30 s (spec §9). */
  timeoutMs?: number;
}

/** Where the client reads and renews the session; a token-store.ts store in the app, a fake in tests. */
export interface TokenSource {
  access(): string | null;
  refresh(): string | null;
  /** Seconds until the access token ends, null without a token. */
  secondsLeft(): number | null;
  save(pair: TokenPair): void;
  clear(): void;
}

/**
 * The calls this app makes and the session the client renews: the
 * storefront's (its customer's refresh call, under the cross-tab lock of ADR
 * 0022) by default. The console switches to its staff member's at start-up and
 * hands over its own table, so the storefront's bundle never carries the
 * console's calls; each app's bundle has its own copy of this module, so the
 * two never mix.
 */
let table: Readonly<Record<string, Route>> = shopRoutes;
let renewal: { route: Route; lock: string } = { route: shopRoutes.refresh4token, lock: 'yance-token-refresh' };
export const switchToStaffSession = (consoleRoutes: typeof adminRoutes) => {
  table = { ...shopRoutes, ...consoleRoutes };
  renewal = { route: consoleRoutes.adminRefresh, lock: 'yance-admin-token-refresh' };
};

const noTokens: TokenSource = { access: () => null, refresh: () => null, secondsLeft: () => null, save: () => {}, clear: () => {} };
let tokens: TokenSource = noTokens;
export const setTokenSource = (source: TokenSource) => {
  tokens = source;
};

/**
 * How calls reach the API: in the browser, fetch against this page's origin;
 * the server render hands in its own (in-process, anonymous) transport.
 */
let transport: RenderTransport = { origin: () => window.location.origin, fetch: (url, init) => fetch(url, init) };
export const setTransport = (next: RenderTransport) => {
  transport = next;
};

const DEFAULT_TIMEOUT_MS = 30_000;
/** Spec §9: refresh once fewer than 3600 s of validity remain. */
export const REFRESH_BEFORE_SECONDS = 3600;
/** After a failed refresh the same refresh token is not retried for this long (it would fail again). */
const RETRY_FAILED_REFRESH_MS = 60_000;
export const EXPIRED_MESSAGE = '登录已过期，请重新登录';

/** The refresh in flight; parallel requests share it, so only one refresh is sent. */
let refreshing: Promise<void> | null = null;
let lastFailure: { refresh: string; at: number } | null = null;

/**
 * Runs fn holding the cross-tab lock, so two tabs never send the same refresh
 * token. Without navigator.locks (old browsers, some webviews) it just runs:
 * the server's grace answers a second use of the token with the same pair.
 */
function withTabLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  return locks?.request ? locks.request(renewal.lock, fn).then(() => undefined) : fn();
}

/** Starts (or joins) the one refresh when the access token is about to end; resolves either way. */
export function refreshIfDue(): Promise<void> | null {
  if (refreshing) return refreshing;
  const left = tokens.secondsLeft();
  const refresh = tokens.refresh();
  if (left === null || !refresh || left >= REFRESH_BEFORE_SECONDS) return null;
  if (lastFailure?.refresh === refresh && Date.now() - lastFailure.at < RETRY_FAILED_REFRESH_MS) return null;
  refreshing = (async () => {
    try {
      await withTabLock(async () => {
        // Another tab may have refreshed (or the user logged out or in) while this one waited: use what is stored now.
        if (tokens.refresh() !== refresh) return;
        const pair = await send<TokenPair>(renewal.route, { body: { token: refresh } }, { feedback: false }, null);
        // Only replace what we refreshed: a login meanwhile has newer tokens.
        if (tokens.refresh() === refresh) tokens.save(pair);
      });
      lastFailure = null;
    } catch (err) {
      lastFailure = { refresh, at: Date.now() };
      console.warn('Token refresh failed', err);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Drops the session after a 401 and tells the user once (spec §4, §8). */
function expire(sentToken: string) {
  if (tokens.access() !== sentToken) return; // already replaced or cleared
  tokens.clear();
  endSession('expired');
  console.warn('Re login');
  notify.warning(EXPIRED_MESSAGE);
}

/** What a call sends: its query (GET) and body (POST), as declared in the contracts. */
export interface CallInput<K extends EndpointName> {
  query?: QueryIn<Endpoints[K]>;
  body?: BodyIn<Endpoints[K]>;
}
interface Payload {
  query?: object;
  body?: unknown;
}

/**
 * The one API client: calls an endpoint by its name in the contracts,
 * renews the token when due, sends the `token` header, unwraps
 * {code,msg,data}, and turns a failing code into an ApiError plus an error
 * toast (a 401 into the "log in again" warning instead).
 */
export async function call<K extends EndpointName>(
  name: K,
  input: CallInput<K> = {},
  opts: RequestOptions = {},
): Promise<DataOf<Endpoints[K]>> {
  const route = table[name];
  if (!route) throw new Error(`${name} is not a call of this app`);
  const due = refreshIfDue();
  if (due) await due;
  const token = tokens.access();
  if (!token && route.scope === 'auth') {
    // Spec §4: a request with no token clears the user's data; the server would only refuse it.
    endSession('anonymous');
    throw new ApiError(ErrorCode.UNAUTHENTICATED, '请先登录');
  }
  return send(route, input, opts, token);
}

const SIGN_IN_PATHS: ReadonlySet<string> = new Set([shopRoutes.sign.path, shopRoutes.login.path, shopRoutes.loginForCode.path]);

async function send<T>(route: Route, input: Payload, opts: RequestOptions, token: string | null): Promise<T> {
  const { feedback = true, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = opts;
  const url = new URL(urlOf(route), transport.origin());
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const body = route.method === 'POST' ? (input.body ?? {}) : undefined;

  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // A customer's sign-up and logins carry the browser's device id (the invitation checks, ADR 0054).
  if (route.scope === 'open' && SIGN_IN_PATHS.has(route.path)) {
    const device = deviceId();
    if (device) headers[DEVICE_ID_HEADER] = device;
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  /** The error of a request that did not complete: cancelled by its caller, timed out, or `otherwise`; told unless cancelled. */
  const failed = (otherwise: string): ApiError => {
    const err = signal?.aborted
      ? new ApiError(ClientErrorCode.CANCELED, '请求已取消')
      : timeout.aborted
        ? new ApiError(ClientErrorCode.TIMEOUT, '请求超时，请稍后再试')
        : new ApiError(ClientErrorCode.NETWORK, otherwise);
    if (feedback && err.code !== ClientErrorCode.CANCELED) notify.error(err.message);
    return err;
  };
  let res: Response;
  try {
    res = await transport.fetch(url, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    throw failed('网络异常，请检查网络连接');
  }

  let payload: Envelope<T>;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    // The body is read under the same signals: a query cancelled (a refetch, the page left) while its answer was
    // still arriving is cancelled, not a server fault — no red toast for what nobody waits for any more.
    throw failed('服务器响应异常，请稍后再试');
  }
  if (payload.code !== OK_CODE) {
    if (payload.code === ErrorCode.UNAUTHENTICATED && token) {
      expire(token);
      throw new ApiError(payload.code, EXPIRED_MESSAGE);
    }
    if (feedback) notify.error(payload.msg);
    throw new ApiError(payload.code, payload.msg);
  }
  return payload.data;
}

/**
 * The session as api-files.ts (the console's uploads and downloads) needs it:
 * the same token renewal, transport and expiry as call(). Kept apart so the
 * storefront's bundle, which sends no files, carries none of that code.
 */
export const clientSession = {
  async token(): Promise<string | null> {
    const due = refreshIfDue();
    if (due) await due;
    return tokens.access();
  },
  fetch: (url: URL, init: RequestInit) => transport.fetch(url, init),
  origin: () => transport.origin(),
  expire,
};
