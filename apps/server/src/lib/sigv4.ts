import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (header form), as S3 and every S3-compatible store
 * (MinIO, Ceph, OSS/COS S3 endpoints) take it. Written out rather than
 * pulled in with the AWS SDK: it is one HMAC chain over a canonical request,
 * and tests check it against AWS's published example (sigv4.test.ts).
 */
export interface SigV4Key {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (e.g. content-type, range). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body ('UNSIGNED-PAYLOAD' is allowed by S3). */
  payloadHash: string;
  now: Date;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else is %XX (upper case). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers to send: the request's own plus x-amz-date, x-amz-content-sha256 and authorization. */
export function signV4(key: SigV4Key, req: SigV4Request): Record<string, string> {
  const amzDate = req.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])),
    host: req.url.host,
    'x-amz-content-sha256': req.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  // S3 paths are encoded once, segment by segment (no double encoding as for other services).
  const path = req.url.pathname
    .split('/')
    .map((seg) => encode(decodeURIComponent(seg)))
    .join('/');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [req.method, path, query, ...names.map((n) => `${n}:${headers[n]}`), '', signedHeaders, req.payloadHash].join('\n');
  const scope = `${day}/${key.region}/${key.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), key.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  const { host: _host, ...send } = headers;
  return {
    ...send,
    authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
