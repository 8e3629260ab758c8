import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The page's policy. Tokens live in localStorage (ADR 0003), so no script but
 * our own files may run: no inline script, no eval. antd injects <style> tags,
 * hence 'unsafe-inline' for styles only. Images: our own, data/blob URLs
 * (antd, QR codes) and https (what the rich-text sanitiser lets operators
 * embed, and the official WeChat QR image). ADR 0013.
 */
export const PAGE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

// Untyped on purpose: helmet's ESM and CJS typings are distinct types, and each package wants its own.
const OPTIONS = {
  // useDefaults off: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs on a LAN.
  contentSecurityPolicy: { useDefaults: false as const, directives: PAGE_CSP },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

/**
 * helmet's headers for OPTIONS, computed once. @fastify/helmet rebuilt the
 * helmet middleware (and re-parsed the CSP) on every request; the headers
 * never change, so the hot path only copies them.
 */
function computeHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/**
 * The security headers of every response (helmet, ADR 0013): the one list,
 * also written by hand into the HTTP parser's own answers (client-error.ts).
 */
export const SECURITY_HEADERS = computeHeaders();

/** The same headers for the few answers Fastify sends without running hooks (plugins/client-error.ts). */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/**
 * Security headers on every response — API, the web app and its index.html
 * fallback, /upload, /api/docs — and the request id (ADR 0010), in one
 * synchronous onRequest hook. Files under /upload tighten the CSP further
 * (plugins/static-web.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });
});
