import { createHash, createHmac } from 'node:crypto';

/** An HTTP request ready for fetch, built deterministically so tests can compare it byte for byte. */
export interface SignedRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}

export const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
export const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* alone; the cloud signers do not). */
export const rfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Mainland numbers in E.164, as the gateways want them. */
export const e164 = (phone: string): string => (phone.startsWith('+') ? phone : `+86${phone}`);
