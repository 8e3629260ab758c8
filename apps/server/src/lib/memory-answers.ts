import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
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
 *
 * A signed-in call without input may be answered here too (`offerCall`, ADR 0083): a POST of the exact path whose
 * body is `{}` or nothing, as JSON, when what the route would answer this caller is kept by the process (its session
 * and its answer, both dropped by the database's announcements). The route's guard is not bypassed but reused: the
 * call's `kept` function admits only what the scope's guard would admit at once, from the same session cache. A body
 * other than `{}` is put back on the request for Fastify, which answers it as the route does (a 400, say).
 */

export interface MemoryAnswer {
  /** The answer's own headers (content type, encoding, vary …), without content-length. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

/** The fresh answer for a client that accepts gzip or not, or undefined when the route must build it. */
export type CurrentAnswer = (gzip: boolean) => MemoryAnswer | undefined;

/** The held answer of a GET of any other path (the rendered pages), for a client that accepts gzip or not. */
export type PageAnswer = (req: IncomingMessage, gzip: boolean) => MemoryAnswer | undefined;

/** The answer the route would give this caller (read from the request's headers: its token), or undefined. */
export type KeptCall = (headers: IncomingHttpHeaders) => MemoryAnswer | undefined;

/** What runs the request when no answer is held: Fastify's own request handler. */
export type Fallback = (req: IncomingMessage, res: ServerResponse) => void;

export interface MemoryAnswersWiring {
  /** Whether the process is serving (not starting, draining or closing): otherwise every request goes to Fastify. */
  serving: () => boolean;
  /** The headers every answer carries (security headers, ADR 0010/0013). */
  headers: Readonly<Record<string, string>>;
  /** A new request id (the x-request-id header, as Fastify's genReqId makes them). */
  requestId: () => string;
  /**
   * Counts the requests of a method, route pattern and status as the metrics' onResponse hook would: asked once per
   * route, then given each request's seconds.
   */
  recorder: (method: string, route: string, status: number) => (seconds: number) => void;
}

export interface MemoryAnswers {
  /** GET `path` may be answered by `current` while it gives an answer. */
  offer(path: string, current: CurrentAnswer): void;
  /** A GET of a path not offered may be answered by `pages` while it gives an answer (the rendered pages, ADR 0083). */
  offerPages(pages: PageAnswer): void;
  /** POST `path` with `{}` or no body (JSON) may be answered by `kept` while it gives an answer (ADR 0083). */
  offerCall(path: string, kept: KeptCall): void;
  /** Connects the answers to the app's lifecycle, headers, request ids and metrics; until then nothing is answered here. */
  wire(wiring: MemoryAnswersWiring): void;
  /** Answers the request from memory, or hands it to `fallback` (Fastify) untouched — its body too. */
  answer(req: IncomingMessage, res: ServerResponse, fallback: Fallback): void;
  /** Requests answered here (tests, diagnostics). */
  readonly answered: number;
}

/** Whether an Accept-Encoding header takes gzip: the one test for the answers kept gzipped (home, rendered pages). */
export const acceptsGzip = (accepts: string | string[] | undefined): boolean => typeof accepts === 'string' && /\bgzip\b/.test(accepts);

/**
 * The header lines of an answer as Node's writeHead takes them (name, value, name, value …): the common headers, its
 * own, its length, and last the request id, whose value each request writes in place.
 */
function linesOf(common: Readonly<Record<string, string>>, answer: MemoryAnswer): string[] {
  const all: Record<string, string> = { ...common, ...answer.headers, 'content-length': String(answer.body.length) };
  return [...Object.entries(all).flat(), 'x-request-id', ''];
}

/** Counts one request's seconds (a route's series of the request-duration histogram). */
type Recorder = (seconds: number) => void;

/** A path answered from memory and its series in the metrics, asked for at its first answer. */
interface Offered<T> {
  answer: T;
  record?: Recorder;
}

/** The rendered pages' route pattern, as the metrics count them. */
const PAGES_ROUTE = '/*';

/** `{}`: the one body a call without input is answered from memory with. */
const isEmptyObject = (chunk: Buffer) => chunk.length === 2 && chunk[0] === 0x7b && chunk[1] === 0x7d;

/** Whether a POST's headers promise what `offerCall` answers: JSON (or no type) of 0 or 2 bytes, no chunked body. */
function bodyOf(headers: IncomingHttpHeaders): 'none' | 'two' | undefined {
  const type = headers['content-type'];
  if (type !== undefined && !/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type)) return undefined;
  if (headers['transfer-encoding'] !== undefined) return undefined;
  const length = headers['content-length'];
  return length === undefined || length === '0' ? 'none' : length === '2' ? 'two' : undefined;
}

export function createMemoryAnswers(): MemoryAnswers {
  const offers = new Map<string, Offered<CurrentAnswer>>();
  const calls = new Map<string, Offered<KeptCall>>();
  let pages: Offered<PageAnswer> | undefined;
  const headerLines = new WeakMap<MemoryAnswer, string[]>();
  let wiring: MemoryAnswersWiring | undefined;
  let answered = 0;

  // The series the metrics count a route's answers under, as the route's would (the pages: one label, '/*').
  const recordOf = (w: MemoryAnswersWiring, offered: Offered<unknown>, method: string, route: string): Recorder =>
    (offered.record ??= w.recorder(method, route, 200));

  const write = (w: MemoryAnswersWiring, res: ServerResponse, found: MemoryAnswer, record: Recorder, started: number) => {
    // The answer's header lines, made once per answer. writeHead turns them into the answer's bytes before it returns,
    // so every request writes its own id into the same lines.
    let lines = headerLines.get(found);
    if (!lines) headerLines.set(found, (lines = linesOf(w.headers, found)));
    lines[lines.length - 1] = w.requestId();
    res.writeHead(200, lines);
    res.end(found.body);
    answered++;
    record((performance.now() - started) / 1000);
  };

  /** GET of a held public answer: written at once, or false. */
  const held = (
    w: MemoryAnswersWiring,
    req: IncomingMessage,
    res: ServerResponse,
    current: CurrentAnswer,
    offered: Offered<unknown>,
    route: string,
  ): boolean => {
    const started = performance.now();
    const accepts = req.headers['accept-encoding'];
    const gzip = acceptsGzip(accepts);
    // A client asking for another encoding only (br, deflate) gets Fastify's compression, as from the route.
    if (!gzip && accepts !== undefined && accepts !== '' && accepts !== 'identity') return false;
    const found = current(gzip);
    if (!found) return false;
    write(w, res, found, recordOf(w, offered, 'GET', route), started);
    return true;
  };

  /** POST of a kept call: written once its body is read and is `{}` (or at once without one), or false. */
  const call = (
    w: MemoryAnswersWiring,
    req: IncomingMessage,
    res: ServerResponse,
    offered: Offered<KeptCall>,
    fallback: Fallback,
  ): boolean => {
    const started = performance.now();
    const body = bodyOf(req.headers);
    const found = body && offered.answer(req.headers);
    if (!found) return false;
    const record = recordOf(w, offered, 'POST', req.url!);
    if (body === 'none') {
      write(w, res, found, record, started);
      return true;
    }
    // What this caller was kept at the request's arrival is its answer; the body decides whether it is asked for.
    const onData = (chunk: Buffer) => {
      req.removeListener('data', onData);
      if (isEmptyObject(chunk)) return write(w, res, found, record, started);
      // Another body (or the two bytes split): back on the request, unread, for Fastify's parser and the route.
      req.pause();
      req.unshift(chunk);
      fallback(req, res);
    };
    req.on('data', onData);
    return true;
  };

  const answerHere = (w: MemoryAnswersWiring, req: IncomingMessage, res: ServerResponse, fallback: Fallback): boolean => {
    const url = req.url!;
    if (req.method === 'GET') {
      const offered = offers.get(url);
      if (offered) return held(w, req, res, offered.answer, offered, url);
      const p = pages;
      return p !== undefined && held(w, req, res, (gzip) => p.answer(req, gzip), p, PAGES_ROUTE);
    }
    const offered = req.method === 'POST' ? calls.get(url) : undefined;
    return offered !== undefined && call(w, req, res, offered, fallback);
  };

  return {
    offer(path, current) {
      if (offers.has(path)) throw new Error(`${path} is already answered from memory`);
      offers.set(path, { answer: current });
    },
    offerPages(p) {
      if (pages) throw new Error('pages are already answered from memory');
      pages = { answer: p };
    },
    offerCall(path, kept) {
      if (calls.has(path)) throw new Error(`${path} is already answered from memory`);
      calls.set(path, { answer: kept });
    },
    wire(w) {
      wiring = w;
    },
    answer(req, res, fallback) {
      const w = wiring;
      // Only a serving process answers here: a draining one's answers close their connection (the route's way).
      if (w?.serving() && answerHere(w, req, res, fallback)) return;
      fallback(req, res);
    },
    get answered() {
      return answered;
    },
  };
}
