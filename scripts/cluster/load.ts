// Bounded load through nginx, as the shop's visitors and customers make it:
// public GETs (the home API, the rendered home page, a search), signed-in reads
// (user/info), sign-ins, and money — each customer paying its own orders from
// its balance with an idempotency key, retrying an unanswered payment with the
// same key as the web app does. Every response is recorded.
import { routes, urlOf } from '@yance/contracts/routes';
import { delay } from './procs.ts';
import { DEMO_PASSWORD, idempotencyKey, type LoadCustomer } from './fixtures.ts';

export type Kind = 'home' | 'page' | 'search' | 'userInfo' | 'pay' | 'login' | 'code4sms';

export interface Sample {
  kind: Kind;
  method: string;
  /** ms since the epoch */
  start: number;
  end: number;
  /** HTTP status; 0 when no answer came (connection failed, or 15 s passed). */
  status: number;
  /** The envelope's code, when the body was one. */
  code: number | null;
  /** A payment answered only by a repeat with the same idempotency key. */
  retry?: boolean;
  /** Sent again at once (up to three times) because nginx closed the kept-alive connection before answering (`closedBeforeAnswer`). */
  resent?: boolean;
  error?: string;
}

/**
 * nginx closed the client's connection before any answer: an idle kept-alive connection it let go (a reload's old
 * worker does, ADR 0078) just as the request went out on it. nginx never does this to a request it has passed on (that
 * gets a 502), so the request was not run; a browser sends it again on a new connection, and so does the load.
 */
const closedBeforeAnswer = (e: unknown) =>
  e instanceof Error && e.cause instanceof Error && (e.cause as Error & { code?: string }).code === 'UND_ERR_SOCKET';

/** The answer a working shop gives: 200 with code 1 (a page: 200 and HTML). */
export const isNormal = (s: Sample) => s.status === 200 && (s.kind === 'page' ? true : s.code === 1);
/** A request nginx may pass to the next process once sent. */
export const isIdempotent = (s: Sample) => s.method === 'GET' || s.method === 'HEAD';

/** Share of each kind of request (out of 100). */
const MIX: [Kind, number][] = [
  ['home', 24],
  ['page', 8],
  ['search', 12],
  ['userInfo', 26],
  ['pay', 27],
  ['login', 3],
];
const SEARCH_WORDS = ['XRD', 'BET比表面', 'XPS', '扫描电镜', '热重', '拉曼', ''];
/** Answers that say nothing about whether a payment happened: repeat it with the same key. */
const unsettled = (status: number) => status === 0 || status >= 500;

interface Client {
  customer: LoadCustomer;
  token: string;
  next: number;
  /** Payments without a definite answer yet, repeated with their key before new ones. */
  pending: { orderId: number; key: string }[];
}

/** Where a scenario's share of the records begins. */
export interface LoadMark {
  samples: number;
  refused: number;
}

export class Load {
  readonly samples: Sample[] = [];
  /** Orders a client saw paid (code 1), by a first try or a repeat. */
  readonly paid = new Set<number>();
  /** Orders a payment was answered for with a refusal (a 4xx): none expected. */
  readonly refused: { orderId: number; status: number; code: number | null; msg: string }[] = [];
  inFlight = 0;
  /** false: each client sends its next request as soon as the last is answered (a burst, 16 in flight). */
  paced = true;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly clients: Client[];

  constructor(
    private readonly baseUrl: string,
    customers: LoadCustomer[],
    tokens: string[],
    /** Requests per second, all clients together. */
    private readonly rate: number,
  ) {
    this.clients = customers.map((customer, i) => ({ customer, token: tokens[i] ?? '', next: 0, pending: [] }));
  }

  mark(): LoadMark {
    return { samples: this.samples.length, refused: this.refused.length };
  }

  /** Requests completed since `since` (ms since the epoch); samples are recorded as they end, so in order. */
  completedSince(since: number): number {
    let n = 0;
    for (let i = this.samples.length - 1; i >= 0 && (this.samples[i]?.end ?? 0) >= since; i--) n++;
    return n;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.paced = true;
    const interval = (this.clients.length / this.rate) * 1000;
    this.loops = this.clients.map(async (c, i) => {
      // Clients start spread over one interval rather than all at once.
      await delay((interval * i) / this.clients.length);
      while (this.running) {
        const t0 = Date.now();
        await this.step(c);
        const rest = interval - (Date.now() - t0);
        if (rest > 0 && this.running && this.paced) await delay(rest);
      }
    });
  }

  /** Stops issuing requests; resolves once every request in flight has its answer. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Payments still without a definite answer. */
  get unsettledPayments(): number {
    return this.clients.reduce((n, c) => n + c.pending.length, 0);
  }

  /** Repeats every unanswered payment with its key until each has a definite answer (or the deadline). */
  async settlePayments(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      this.clients.map(async (c) => {
        while (c.pending.length > 0 && Date.now() < deadline) {
          const before = c.pending.length;
          await this.pay(c);
          if (c.pending.length >= before) await delay(500);
        }
      }),
    );
  }

  private pick(): Kind {
    let r = Math.random() * 100;
    for (const [kind, weight] of MIX) {
      r -= weight;
      if (r < 0) return kind;
    }
    return 'home';
  }

  private async step(c: Client): Promise<void> {
    const kind = c.pending.length > 0 ? 'pay' : this.pick();
    switch (kind) {
      case 'home':
        await this.request('home', 'GET', urlOf(routes.home));
        return;
      case 'page':
        await this.request('page', 'GET', '/');
        return;
      case 'search': {
        const kw = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)] ?? '';
        await this.request('search', 'GET', `${urlOf(routes.deviceSearch)}?kw=${encodeURIComponent(kw)}&pageSize=10`);
        return;
      }
      case 'userInfo':
        await this.request('userInfo', 'POST', urlOf(routes.userInfo), { token: c.token, body: {} });
        return;
      case 'login':
        await this.login(c);
        return;
      case 'pay':
        await this.pay(c);
        return;
    }
  }

  /** code4sms with a solved proof of work (Redis holds its resend window), recorded; answers the envelope's code. */
  async requestCode(phone: string, altcha: object): Promise<number | null> {
    const r = await this.request('code4sms', 'POST', urlOf(routes.code4sms), { body: { phone, useFor: 0, altcha } });
    return r.code;
  }

  private async login(c: Client): Promise<void> {
    const r = await this.request('login', 'POST', urlOf(routes.login), { body: { account: c.customer.phone, password: DEMO_PASSWORD } });
    const token = (r.data as { token?: string } | undefined)?.token;
    if (token) c.token = token;
  }

  /** Pays the client's next order, or repeats its oldest unanswered payment with the same key. */
  private async pay(c: Client): Promise<void> {
    const repeat = c.pending.shift();
    const orderId = repeat?.orderId ?? c.customer.orderIds[c.next++];
    if (orderId === undefined) {
      await this.request('userInfo', 'POST', urlOf(routes.userInfo), { token: c.token, body: {} });
      return;
    }
    const key = repeat?.key ?? idempotencyKey();
    const r = await this.request(
      'pay',
      'POST',
      urlOf(routes.payOrder),
      { token: c.token, body: { orderId, idempotencyKey: key } },
      !!repeat,
    );
    if (r.status === 200 && r.code === 1) this.paid.add(orderId);
    else if (unsettled(r.status)) c.pending.push({ orderId, key });
    else this.refused.push({ orderId, status: r.status, code: r.code, msg: r.msg });
  }

  private async request(
    kind: Kind,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    opts: { token?: string; body?: object } = {},
    retry = false,
  ): Promise<{ status: number; code: number | null; msg: string; data?: unknown }> {
    const url = `${this.baseUrl}${pathAndQuery}`;
    const start = Date.now();
    this.inFlight++;
    let status = 0;
    let code: number | null = null;
    let msg = '';
    let data: unknown;
    let error: string | undefined;
    let resent = false;
    try {
      const send = () =>
        fetch(url, {
          method,
          headers: {
            ...(opts.token ? { token: opts.token } : {}),
            ...(opts.body ? { 'content-type': 'application/json' } : {}),
            ...(kind === 'page' ? { accept: 'text/html' } : {}),
          },
          ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
          signal: AbortSignal.timeout(15_000),
        });
      // A reload closes all of the old worker's idle connections at once: the next one from the pool may be closing too.
      const sendUntilAnswered = (tries: number): Promise<Response> =>
        send().catch((e: unknown) => {
          if (tries <= 1 || !closedBeforeAnswer(e)) throw e;
          resent = true;
          return sendUntilAnswered(tries - 1);
        });
      const res = await sendUntilAnswered(4);
      const text = await res.text();
      status = res.status;
      if ((res.headers.get('content-type') ?? '').includes('application/json')) {
        try {
          const env = JSON.parse(text) as { code?: number; msg?: string; data?: unknown };
          code = typeof env.code === 'number' ? env.code : null;
          msg = env.msg ?? '';
          data = env.data;
        } catch {
          error = 'body is not JSON';
        }
      } else if (kind === 'page' && status === 200 && !text.includes('id="server-state"')) {
        error = 'not a server-rendered page';
        status = -1;
      }
    } catch (e) {
      const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
      error = `${e instanceof Error ? e.name : 'error'}${cause}`;
    } finally {
      this.inFlight--;
    }
    this.samples.push({
      kind,
      method,
      start,
      end: Date.now(),
      status,
      code,
      ...(retry ? { retry } : {}),
      ...(resent ? { resent } : {}),
      ...(error ? { error } : {}),
    });
    return { status, code, msg, data };
  }
}
