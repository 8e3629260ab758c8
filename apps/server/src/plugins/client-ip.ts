import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** "1.2.3.4:567" and "[2001:db8::1]:567" (ports some proxies append) as bare addresses; anything else as given. */
function withoutPort(token: string): string {
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(token);
  if (v6) return v6[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(token);
  return v4 ? v4[1]! : token;
}

/**
 * The part of an X-Forwarded-For value that a client IP may be taken from:
 * the trailing run of well-formed addresses. proxy-addr walks the list from
 * the right and answers the first untrusted entry AS IS — a token like
 * "garbage" or "<script>" would become request.ip. Cutting the list at the
 * first malformed entry from the right means the answer is always an address:
 * the real client's, or the nearest proxy's when nothing after it is usable.
 * Returns null when no address is left (the header is then dropped).
 */
export function usableForwardedFor(header: string): string | null {
  const tokens = header.split(',').map((t) => withoutPort(t.trim()));
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (isIP(token) === 0) break;
    kept.unshift(token);
  }
  return kept.length > 0 ? kept.join(', ') : null;
}

/**
 * Normalises X-Forwarded-For before anything reads request.ip (per-IP limits,
 * login lockout, the WeChat confirm page). Register it first. ADR 0015.
 */
export const clientIpPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: no promise per request for a header that is mostly absent.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw.headers['x-forwarded-for'];
    if (raw !== undefined) {
      const usable = usableForwardedFor(Array.isArray(raw) ? raw.join(',') : raw);
      if (usable === null) delete request.raw.headers['x-forwarded-for'];
      else request.raw.headers['x-forwarded-for'] = usable;
    }
    done();
  });
});
