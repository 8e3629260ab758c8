import type { ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KINDS } from '@yance/contracts/codes';
import { ok } from '../lib/reply.ts';
import { failure } from './errors.ts';

/** What /readyz asks before it answers 200: each dependency's ping; a rejection names the one that failed. */
export interface ReadinessChecks {
  database(): Promise<void>;
  /** The counter store (the database, and Redis when REDIS_URL is set). */
  counters(): Promise<void>;
}

/** starting → serving (listening, warmed) → draining (SIGTERM: no new connections) → closing (app.close). */
export type LifecycleState = 'starting' | 'serving' | 'draining' | 'closing';

export interface Lifecycle {
  readonly state: LifecycleState;
  /** The process listens and its first render is warmed: /readyz may answer 200. */
  markServing(): void;
  /**
   * The graceful stop's first half (ADR 0057): /readyz answers 503, the listener closes (new connections are
   * refused, so nginx tries the next process), requests on open connections are still served but each answer says
   * `Connection: close` (and so do those in flight at the signal), until every in-flight request has finished and
   * either every connection is closed or none was used for `quietMs` (longer than the proxy's idle timeout, so the
   * proxy has closed its own), or `graceMs` passed. The caller then closes the app, whose late requests get the 503
   * envelope (ADR 0076).
   */
  drain(opts: { graceMs: number; quietMs: number; readyzMs?: number }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A late request's answer, while the process stops. */
export const STOPPING_MESSAGE = '服务正在重启，请稍后再试';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const unavailable = (reply: FastifyReply, msg: string) =>
  reply.status(ERROR_KINDS.UNAVAILABLE.status).header('cache-control', 'no-store').send(failure('UNAVAILABLE', msg));

/**
 * The process's life as a balancer and a supervisor see it (ADR 0057): /healthz (alive: the event loop answers),
 * /readyz (serving, and the database and Redis answer), and the drain before a stop. Both probes are outside /api
 * and its scopes, answer the envelope, and are never cached.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance, opts: { checks: ReadinessChecks }) => {
  let state: LifecycleState = 'starting';
  /** Answers not yet finished: at the signal, those not yet begun are told to close their connection too. */
  const inFlight = new Set<ServerResponse>();
  /** When a request last began or ended: the connections' last use, which the proxy's idle timeout counts from. */
  let lastActivityAt = 0;
  const sockets = new Set<Socket>();

  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.server.on('request', (_req, res) => {
    lastActivityAt = Date.now();
    // Already answered (from memory, ADR 0080, before this listener): nothing to wait for or to close.
    if (res.writableEnded) return;
    inFlight.add(res);
    // Draining: this answer closes its connection, so the proxy opens its next one to another process.
    if (state !== 'serving' && state !== 'starting' && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      lastActivityAt = Date.now();
    });
  });
  // Once the app is closing (after the drain) a request that still arrives is answered, not run: the envelope, 503.
  // A callback hook: serving, it costs a comparison per request, not a promise. Draining, the answer closes its
  // connection here too: a route that answers without waiting (readyz) has sent it before the listener above runs.
  app.addHook('onRequest', (_request, reply, done) => {
    if (state === 'closing') return void unavailable(reply, STOPPING_MESSAGE);
    if (state === 'draining' && !reply.raw.headersSent) reply.raw.setHeader('connection', 'close');
    done();
  });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(ok({ status: 'alive' })),
  );

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    if (state !== 'serving') return unavailable(reply, state === 'starting' ? '服务正在启动，请稍后再试' : STOPPING_MESSAGE);
    const checks = await Promise.allSettled([opts.checks.database(), opts.checks.counters()]);
    const [database, counters] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'unavailable'));
    if (database !== 'ok' || counters !== 'ok') {
      app.log.warn({ database, counters }, 'not ready');
      return unavailable(reply, '服务暂时不可用，请稍后再试');
    }
    return reply.header('cache-control', 'no-store').send(ok({ status: 'ready', database, counters }));
  });

  const lifecycle: Lifecycle = {
    get state() {
      return state;
    },
    markServing() {
      if (state === 'starting') state = 'serving';
    },
    async drain({ graceMs, quietMs, readyzMs = 0 }) {
      if (state === 'draining' || state === 'closing') return;
      state = 'draining';
      const deadline = Date.now() + graceMs;
      // A balancer that polls /readyz stops sending first; behind nginx (readyzMs 0) the closed port tells it.
      if (readyzMs > 0) await sleep(Math.min(readyzMs, graceMs));
      // net.Server's close, not http.Server's: stop accepting without closing the idle keep-alive connections at once,
      // which the proxy may be sending a request on this very moment (the keep-alive race that cost a 502).
      if (app.server.listening) NetServer.prototype.close.call(app.server);
      // The answers being worked on close their connections as well, so the proxy does not keep them for later.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      // Idle connections are left for the peer to close: nginx ends an idle upstream connection after its keepalive_timeout
      // (4 s), shorter than quietMs (SHUTDOWN_QUIET_MS, 5 s), so the ones still open then are not nginx's. Closing one
      // ourselves could cross a request nginx is sending on it, answered by a reset: a 502 nginx never retries for a POST.
      while (Date.now() < deadline && (inFlight.size > 0 || (sockets.size > 0 && Date.now() - lastActivityAt < quietMs))) await sleep(25);
      state = 'closing';
    },
  };
  app.decorate('lifecycle', lifecycle);
});
