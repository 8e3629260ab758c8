import { ErrorCode, OK_CODE } from '@yance/contracts/codes';
import type { DataOf, QueryIn } from '@yance/contracts/endpoint';
import type { EndpointName, Endpoints } from '@yance/contracts/endpoints';
import type { Envelope } from '@yance/contracts/envelope';
import { routes, urlOf } from '@yance/contracts/routes';
import { ApiError, ClientErrorCode, clientSession, EXPIRED_MESSAGE } from './api-client.ts';
import { notify } from './notify.ts';

/** Files take longer than a JSON call: two minutes before giving up. */
const FILE_TIMEOUT_MS = 120_000;

/**
 * One request that carries or answers a file, with the session, the
 * envelope, the toasts and the 401 handling of call(). A success is read by
 * `read` unless the server answered the JSON envelope (every refusal does).
 */
async function fileRequest<T>(
  name: EndpointName,
  init: { query?: object; body?: FormData },
  read?: (res: Response) => Promise<T>,
): Promise<T> {
  const route = routes[name];
  const token = await clientSession.token();
  const url = new URL(urlOf(route), clientSession.origin());
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = token ? { token } : {};
  let res: Response;
  try {
    res = await clientSession.fetch(url, { method: route.method, headers, body: init.body, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  } catch {
    const err = new ApiError(ClientErrorCode.NETWORK, '网络异常或文件过大，请稍后再试');
    notify.error(err.message);
    throw err;
  }
  if (read && res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) return read(res);
  const payload = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!payload) throw new ApiError(ClientErrorCode.NETWORK, '服务器响应异常，请稍后再试');
  if (payload.code === OK_CODE) return payload.data;
  if (payload.code === ErrorCode.UNAUTHENTICATED && token) {
    clientSession.expire(token);
    throw new ApiError(payload.code, EXPIRED_MESSAGE);
  }
  notify.error(payload.msg);
  throw new ApiError(payload.code, payload.msg);
}

/** A file to a call that takes multipart/form-data in field "file" (picture uploads, .xlsx imports; a signed contract with its order in the query). */
export function upload<K extends EndpointName>(
  name: K,
  file: Blob,
  filename: string,
  query?: QueryIn<Endpoints[K]>,
): Promise<DataOf<Endpoints[K]>> {
  const body = new FormData();
  body.append('file', file, filename);
  return fileRequest(name, { body, query: query as object | undefined });
}

/** A file a call answers (an .xlsx export) and the name the server gave it. */
export interface Download {
  blob: Blob;
  filename: string;
}

const filenameOf = (res: Response, fallback: string): string => {
  const header = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
};

/** GETs a call that answers a file. */
export function download<K extends EndpointName>(name: K, query: QueryIn<Endpoints[K]>, fallbackName: string): Promise<Download> {
  return fileRequest(name, { query: query as object }, async (res) => ({
    blob: await res.blob(),
    filename: filenameOf(res, fallbackName),
  }));
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveFile({ blob, filename }: Download): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A multipart form (text fields first, then the file) to a call, reporting
 * the upload's progress (0–100) as it goes: XMLHttpRequest, since fetch does
 * not report request progress. The same session, envelope and toasts as upload().
 */
export async function uploadWithProgress<K extends EndpointName>(
  name: K,
  fields: Record<string, string>,
  file: Blob,
  filename: string,
  onProgress: (percent: number) => void,
): Promise<DataOf<Endpoints[K]>> {
  const route = routes[name];
  const token = await clientSession.token();
  const url = new URL(urlOf(route), clientSession.origin());
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file, filename);
  const payload = await new Promise<Envelope<DataOf<Endpoints[K]>> | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, url);
    if (token) xhr.setRequestHeader('token', token);
    xhr.timeout = FILE_TIMEOUT_MS * 5;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope<DataOf<Endpoints[K]>>);
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = xhr.ontimeout = () => reject(new ApiError(ClientErrorCode.NETWORK, '网络异常或文件过大，请稍后再试'));
    xhr.send(body);
  }).catch((err: ApiError) => {
    notify.error(err.message);
    throw err;
  });
  if (!payload) throw new ApiError(ClientErrorCode.NETWORK, '服务器响应异常，请稍后再试');
  if (payload.code === OK_CODE) return payload.data;
  if (payload.code === ErrorCode.UNAUTHENTICATED && token) {
    clientSession.expire(token);
    throw new ApiError(payload.code, EXPIRED_MESSAGE);
  }
  notify.error(payload.msg);
  throw new ApiError(payload.code, payload.msg);
}
