import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Answers from memory, before Fastify (ADR 0080): a public GET whose answer the process already holds, fresh, is
 * written straight from the HTTP server's request listener — no routing, no request and reply objects, no hook chain.
 * What a client receives is what the route itself would send (the same headers and bytes, compared by a test); the
 * only things Fastify's lifecycle adds to such an answer are kept here: the security headers and the request id, the
 * request in the metrics, and the drain's rule (only a serving process answers here; a draining one goes through
 * Fastify, which closes the connection).
 *
 * A route offers an answer with `offer(path, current)`: `current(gzip)` gives the answer's headers and body while it
 * is fresh, or undefined (expired, not yet built, invalidated), and then the request goes to Fastify as any other —
 * whose route builds the answer again. Only the exact path matches (no query string, no other case or slashes: those
 * take the route's normal way and get the same answer), and only for a client that accepts gzip or no encoding (one
 * that asks for brotli or deflate only is compressed by Fastify's plugin, as before).
 */

export interface MemoryAnswer {
  /** The answer's own headers (content type, encoding, vary …), without content-length. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

/** The fresh answer for a client that accepts gzip or not, or undefined when the route must build it. */
export type CurrentAnswer = (gzip: boolean) => MemoryAnswer | undefined;

export interface MemoryAnswersWiring {
  /** Whether the process is serving (not starting, draining or closing): otherwise every request goes to Fastify. */
  serving: () => boolean;
  /** The headers every answer carries (security headers, ADR 0010/0013). */
  headers: Readonly<Record<string, string>>;
  /** A new request id (the x-request-id header, as Fastify's genReqId makes them). */
  requestId: () => string;
  /** Counts the request as the metrics' onResponse hook would (method, route pattern, status, seconds). */
  observe: (method: string, route: string, status: number, seconds: number) => void;
}

export interface MemoryAnswers {
  /** GET `path` may be answered by `current` while it gives an answer. */
  offer(path: string, current: CurrentAnswer): void;
  /** Connects the answers to the app's lifecycle, headers, request ids and metrics; until then nothing is answered here. */
  wire(wiring: MemoryAnswersWiring): void;
  /** Answers the request from memory and returns true, or returns false (the request is Fastify's). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Requests answered here (tests, diagnostics). */
  readonly answered: number;
}

/** Whether an Accept-Encoding header takes gzip: the one test for the answers kept gzipped (home, rendered pages). */
export const acceptsGzip = (accepts: string | string[] | undefined): boolean => typeof accepts === 'string' && /\bgzip\b/.test(accepts);

/** The header lines of an answer as Node's writeHead takes them (name, value, name, value …): the common headers, its own, its length. */
function linesOf(common: Readonly<Record<string, string>>, answer: MemoryAnswer): string[] {
  const all: Record<string, string> = { ...common, ...answer.headers, 'content-length': String(answer.body.length) };
  return Object.entries(all).flat();
}

export function createMemoryAnswers(): MemoryAnswers {
  const offers = new Map<string, CurrentAnswer>();
  const headerLines = new WeakMap<MemoryAnswer, string[]>();
  let wiring: MemoryAnswersWiring | undefined;
  let answered = 0;
  return {
    offer(path, current) {
      if (offers.has(path)) throw new Error(`${path} is already answered from memory`);
      offers.set(path, current);
    },
    wire(w) {
      wiring = w;
    },
    answer(req, res) {
      if (req.method !== 'GET' || !wiring) return false;
      const current = offers.get(req.url!);
      if (!current || !wiring.serving()) return false;
      const started = performance.now();
      const accepts = req.headers['accept-encoding'];
      const gzip = acceptsGzip(accepts);
      // A client asking for another encoding only (br, deflate) gets Fastify's compression, as from the route.
      if (!gzip && accepts !== undefined && accepts !== '' && accepts !== 'identity') return false;
      const found = current(gzip);
      if (!found) return false;
      // The answer's header lines, made once per answer; only the request id is added per request.
      let lines = headerLines.get(found);
      if (!lines) headerLines.set(found, (lines = linesOf(wiring.headers, found)));
      const head = lines.slice();
      head.push('x-request-id', wiring.requestId());
      res.writeHead(200, head);
      res.end(found.body);
      answered++;
      wiring.observe('GET', req.url!, 200, (performance.now() - started) / 1000);
      return true;
    },
    get answered() {
      return answered;
    },
  };
}
