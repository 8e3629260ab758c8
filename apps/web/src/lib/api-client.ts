import { OK_CODE } from '@yance/contracts/codes';
import type { Envelope } from '@yance/contracts/envelope';
import { notify } from './notify.ts';

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

export interface RequestOptions {
  /** GET query parameters; undefined and '' are left out. */
  query?: Record<string, string | number | undefined | null>;
  /** POST body, sent as JSON. */
  body?: unknown;
  /** false = do not toast a failing code (spec §7 "unless feedback is off"). */
  feedback?: boolean;
  signal?: AbortSignal;
  /** Default 30 s (spec §9). */
  timeoutMs?: number;
}

/** Reads the stored access token, if any; accounts own the token store. */
let tokenSource: () => string | null = () => null;
export const setTokenSource = (fn: () => string | null) => {
  tokenSource = fn;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The one API client: sends the token header, unwraps {code,msg,data},
 * and turns a failing code into an ApiError plus an error toast.
 */
export async function request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<T> {
  const { query, body, feedback = true, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = opts;
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));

  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenSource();
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    const err =
      signal?.aborted ? new ApiError(ClientErrorCode.CANCELED, '请求已取消')
      : timeout.aborted ? new ApiError(ClientErrorCode.TIMEOUT, '请求超时，请稍后再试')
      : new ApiError(ClientErrorCode.NETWORK, '网络异常，请检查网络连接');
    if (feedback && err.code !== ClientErrorCode.CANCELED) notify.error(err.message);
    throw err;
  }

  let payload: Envelope<T>;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    const err = new ApiError(ClientErrorCode.NETWORK, '服务器响应异常，请稍后再试');
    if (feedback) notify.error(err.message);
    throw err;
  }
  if (payload.code !== OK_CODE) {
    if (feedback) notify.error(payload.msg);
    throw new ApiError(payload.code, payload.msg);
  }
  return payload.data;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
};
