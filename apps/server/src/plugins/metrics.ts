import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KINDS, type ErrorKind } from '@yance/contracts/codes';
import type { Metrics } from '../lib/metrics.ts';
import { failure } from './errors.ts';

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: when set, GET /metrics answers only `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/** A request through a proxy names its client in one of these; a direct one has none. */
const PROXY_HEADERS = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded']);

const isLoopback = (address: string | undefined) =>
  !!address && /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(address);

/**
 * Straight from this machine: a loopback socket and no proxy header. The raw
 * header list, as the client sent it (client-ip drops an X-Forwarded-For with
 * no usable address from request.headers, not from rawHeaders).
 */
function isDirectLocal(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (PROXY_HEADERS.has(raw[i]!.toLowerCase())) return false;
  return true;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token equals the configured one (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * Why /metrics is refused, or null: with METRICS_TOKEN, anything but that
 * bearer token (401); without it, anything but a direct local request (404:
 * to the outside there is no such page).
 */
function refusalOf(request: FastifyRequest, token: string | undefined): [ErrorKind, string] | null {
  if (token) return hasToken(request, token) ? null : ['UNAUTHENTICATED', '需要监控令牌'];
  return isDirectLocal(request) ? null : ['NOT_FOUND', '接口不存在'];
}

/**
 * Prometheus metrics (ADR 0056): every answered request's duration by method,
 * route pattern and status (onResponse; the pattern, never the URL, so ids
 * in paths make no new series), and GET /metrics with this app's metrics
 * and the process's. Outside the API scopes (not under /api), with its own
 * access rule. Register it before the routes: its hook must reach them all.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  app.addHook('onResponse', (request, reply, done) => {
    opts.metrics.httpRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const refused = refusalOf(request, opts.token);
    if (refused) {
      const [kind, msg] = refused;
      if (kind === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer');
      return reply.status(ERROR_KINDS[kind].status).send(failure(kind, msg));
    }
    const { contentType, body } = await opts.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
});
