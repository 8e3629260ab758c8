import { createHmac } from 'node:crypto';
import type { TokenPair } from '@yance/contracts/account';
import type { Envelope } from '@yance/contracts/envelope';
import { routes, type RouteName } from '@yance/contracts/routes';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { newIp } from './accounts.ts';
import { url } from './api.ts';

/** An admin-scope call as a staff member's script would make it (GET with a query, POST with a body); unwraps the envelope. */
export async function staffCall<T>(baseUrl: string, name: RouteName, token: string, input: Record<string, unknown> = {}): Promise<T> {
  const target = new URL(url(name), baseUrl);
  const headers: Record<string, string> = { 'x-forwarded-for': newIp(), 'content-type': 'application/json' };
  if (token) headers.token = token;
  let res: Response;
  if (routes[name].method === 'GET') {
    for (const [k, v] of Object.entries(input)) target.searchParams.set(k, String(v));
    res = await fetch(target, { headers });
  } else res = await fetch(target, { method: 'POST', headers, body: JSON.stringify(input) });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`${name} failed: ${env.code} ${env.msg}`);
  return env.data;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret now: what the admin's authenticator app shows. */
export function totpNow(secret: string, at = Date.now()): string {
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += BASE32.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A full admin session on a fresh server: the first sign-in only enrols TOTP
 * (ADR 0038), so this enrols with a code of the new secret, which makes the
 * same session a full one.
 */
export async function adminSession(baseUrl: string): Promise<string> {
  const login = await staffCall<TokenPair>(baseUrl, 'adminLogin', '', { account: 'admin', password: DEMO_STAFF_PASSWORD });
  const { secret } = await staffCall<{ secret: string }>(baseUrl, 'totpSetup', login.token);
  await staffCall(baseUrl, 'totpEnable', login.token, { code: totpNow(secret) });
  return login.token;
}
