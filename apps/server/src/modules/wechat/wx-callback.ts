import { createHash, timingSafeEqual } from 'node:crypto';

/** WeChat's server check: signature = SHA-1 of token, timestamp and nonce sorted and joined. */
export function wxSignatureValid(token: string, q: { signature?: string; timestamp?: string; nonce?: string }): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  const expected = createHash('sha1').update([token, q.timestamp, q.nonce].sort().join('')).digest();
  const given = Buffer.from(q.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Reads the flat <xml> of a WeChat push message into its fields (CDATA or
 * plain text). Messages are one level deep; nothing else is accepted.
 */
export function parseWxXml(xml: string): Record<string, string> {
  const body = /^\s*<xml>([\s\S]*)<\/xml>\s*$/.exec(xml)?.[1];
  if (body === undefined) return {};
  const fields: Record<string, string> = {};
  for (const m of body.matchAll(/<([A-Za-z][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    fields[m[1]!] = m[2] ?? m[3] ?? '';
  }
  return fields;
}

/** A QR scan as the callback reports it. */
export interface WxScanEvent {
  openid: string;
  scene: string;
}

/**
 * subscribe (a first-time follower; EventKey "qrscene_<scene>") and SCAN (a
 * follower; EventKey "<scene>") carry our scene string; other messages are not scans.
 */
export function scanEventOf(fields: Record<string, string>): WxScanEvent | null {
  if (fields.MsgType !== 'event' || !fields.FromUserName || !fields.EventKey) return null;
  if (fields.Event === 'subscribe' && fields.EventKey.startsWith('qrscene_'))
    return { openid: fields.FromUserName, scene: fields.EventKey.slice('qrscene_'.length) };
  if (fields.Event === 'SCAN') return { openid: fields.FromUserName, scene: fields.EventKey };
  return null;
}
