// Prometheus metrics (ADR 0056). One registry per app: tests build many apps
// in one process, and each app's counters are its own. Modules see the typed
// methods of `Metrics` (ctx.metrics), never prom-client.
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram.ts';

/** Every metric's name starts with this (the process metrics' too). */
export const METRIC_PREFIX = 'yance_';

/** Where money moved (ADR 0050), as yance_payments_total's `kind`. */
export const PAYMENT_KINDS = [
  /** pay/order: an order (or its 补差价) paid from the balance, or by an online trade made for it. */
  'order',
  /** settlement/add: institution orders settled from a personal or a group balance. */
  'settlement',
  /** 确认收款: finance recorded an order's bank transfer. */
  'order_transfer',
  /** A gateway's verified callback credited an online top-up. */
  'topup_online',
  /** Finance confirmed a top-up by bank transfer. */
  'topup_transfer',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The ledger's reconciliation, as the gauges show it. */
export interface LedgerCheck {
  /** Entries whose lines do not sum to zero. */
  unbalancedEntries: number;
  /** Owned accounts whose stored balance differs from the sum of their lines. */
  balanceMismatches: number;
  /** The whole reconciliation passed (the console's 对账 says 通过). */
  ok: boolean;
}

/** What the gauges read at scrape time; app.ts wires them to the modules' services. */
export interface MetricProbes {
  /** Queued jobs due now, by kind (every kind, zeros included). */
  dueJobs(): Promise<{ kind: string; count: number }[]>;
  /** The ledger's reconciliation (cached for LEDGER_CHECK_MS). */
  ledger(): Promise<LedgerCheck>;
}

export interface Metrics {
  /** One answered request: its method, its route's registered pattern (or "unmatched"), its status and how long it took. */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** httpRequest for one method, route and status known beforehand: the request's seconds only (ADR 0080's answers). */
  httpRequestRecorder(method: string, route: string, statusCode: number): (seconds: number) => void;
  /** A code or a notice handed to the SMS provider: accepted (ok) or refused. */
  smsSent(provider: string, ok: boolean): void;
  /** Money moved; call it once the transaction committed (ctx.afterCommit). */
  paymentMade(kind: PaymentKind): void;
  /**
   * A group of pay/order calls paid in one transaction (ADR 0085): committed, or broken (one of them refused or
   * failed, so each ran again alone); `size` calls.
   */
  paymentGroup(size: number, committed: boolean): void;
  /** pay/order calls waiting for a group now (ADR 0085). */
  paymentsWaiting(count: number): void;
  /** A job's try failed: final when no try is left (or its worker died on the last one). */
  jobFailed(kind: string, final: boolean): void;
  /** This app's metrics and the process's, in the Prometheus text format. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** A scrape reads the ledger at most this often: reconciliation reads every line. */
export const LEDGER_CHECK_MS = 60_000;

/** Where a failing probe is reported (the app's logger). */
interface ProbeLog {
  warn(obj: object, msg: string): void;
}

export interface MetricsOptions {
  probes?: MetricProbes;
  /** The app's clock in milliseconds (the ledger check's cache); Date.now by default. */
  now?: () => number;
  log?: ProbeLog;
}

/** Calls fn at most once per ms (a failure is not kept); callers meanwhile share the answer. */
function cachedFor<T>(ms: number, now: () => number, fn: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | undefined;
  return () => {
    const t = now();
    if (!value || t - at >= ms || t < at) {
      at = t;
      const run = fn();
      value = run;
      run.catch(() => {
        if (value === run) value = undefined;
      });
    }
    return value;
  };
}

/**
 * The process's own metrics (CPU, memory, event loop, GC, handles): one set
 * per process, shared by every app in it, since they describe the process.
 * collectDefaultMetrics starts a GC observer and an event-loop monitor that
 * are never stopped, so it runs once here rather than once per app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/** The metrics of one app, on a registry of its own. */
export function createMetrics(opts: MetricsOptions = {}): Metrics {
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  const name = (n: string) => `${METRIC_PREFIX}${n}`;

  // Labels method, route and status_code; counted without prom-client's per-observation label hashing (ADR 0073).
  const requestDuration = new RequestHistogram(
    name('http_request_duration_seconds'),
    'Time to answer an HTTP request, by method, route pattern (unmatched when no route matched) and status code.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  const sms = new Counter({
    name: name('sms_sent_total'),
    help: 'Codes and notices handed to the SMS provider, by provider and outcome (sent or failed).',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  /** A counter by one label, each of `values` shown at 0 from the start. */
  const counterBy = (metric: string, help: string, label: string, values: readonly string[]) => {
    const counter = new Counter({ name: name(metric), help, labelNames: [label], registers });
    for (const value of values) counter.inc({ [label]: value }, 0);
    return counter;
  };
  const payments = counterBy(
    'payments_total',
    'Committed money movements: order payments, settlements and top-up credits, by kind.',
    'kind',
    PAYMENT_KINDS,
  );
  const GROUP_OUTCOMES = ['committed', 'broken'];
  const paymentGroups = counterBy(
    'payment_groups_total',
    'Groups of two or more pay/order calls paid in one transaction (ADR 0085), by outcome: committed, or broken (each call then ran alone).',
    'outcome',
    GROUP_OUTCOMES,
  );
  const groupedPayments = counterBy(
    'grouped_payments_total',
    "pay/order calls that went in a group of two or more (ADR 0085), by the group's outcome.",
    'outcome',
    GROUP_OUTCOMES,
  );
  const waitingPayments = new Gauge({
    name: name('payments_waiting'),
    help: 'pay/order calls waiting for the groups in flight to end (ADR 0085).',
    registers,
  });
  const jobFailures = new Counter({
    name: name('job_failures_total'),
    help: 'Failed job tries, by job kind and whether the job will be tried again (retry) or failed for good (final).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const probeFailures = new Counter({
    name: name('metrics_probe_failures_total'),
    help: 'Scrapes whose database read failed, by probe; its gauges then keep their last values.',
    labelNames: ['probe'] as const,
    registers,
  });

  const probes = opts.probes;
  if (probes) {
    /** A probe's read; a failure is logged and counted, and its gauges keep their last values. */
    const reported = <T>(probe: string, read: Promise<T>) =>
      read.catch((err: unknown) => {
        probeFailures.inc({ probe });
        opts.log?.warn({ err, probe }, 'metrics: a probe failed');
        throw err;
      });
    new Gauge({
      name: name('job_queue_depth'),
      help: 'Queued jobs due now (waiting for a worker), by kind.',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const due = await reported('jobs', probes.dueJobs()).catch(() => undefined);
        if (!due) return;
        this.reset();
        for (const d of due) this.set({ kind: d.kind }, d.count);
      },
    });
    // Three gauges, one read: a scrape collects them together, and they share the cached check.
    const ledger = cachedFor(LEDGER_CHECK_MS, opts.now ?? Date.now, () => reported('ledger', probes.ledger()));
    let last: LedgerCheck | undefined;
    const ledgerGauge = (metric: string, help: string, value: (c: LedgerCheck) => number) =>
      new Gauge({
        name: name(metric),
        help,
        registers,
        async collect() {
          last = await ledger().catch(() => last);
          if (last) this.set(value(last));
        },
      });
    ledgerGauge(
      'ledger_unbalanced_entries',
      'Ledger entries whose lines do not sum to zero (checked at most once a minute).',
      (c) => c.unbalancedEntries,
    );
    ledgerGauge(
      'ledger_balance_mismatches',
      'Owned ledger accounts whose balance differs from the sum of their lines (checked at most once a minute).',
      (c) => c.balanceMismatches,
    );
    ledgerGauge('ledger_reconciled_ok', '1 when the whole reconciliation (对账) passes, else 0 (checked at most once a minute).', (c) =>
      c.ok ? 1 : 0,
    );
  }

  return {
    httpRequest(method, route, statusCode, seconds) {
      requestDuration.observe(method, route, statusCode, seconds);
    },
    httpRequestRecorder(method, route, statusCode) {
      return requestDuration.recorder(method, route, statusCode);
    },
    smsSent(provider, ok) {
      sms.inc({ provider, outcome: ok ? 'sent' : 'failed' });
    },
    paymentMade(kind) {
      payments.inc({ kind });
    },
    paymentGroup(size, committed) {
      const outcome = committed ? 'committed' : 'broken';
      paymentGroups.inc({ outcome });
      groupedPayments.inc({ outcome }, size);
    },
    paymentsWaiting(count) {
      waitingPayments.set(count);
    },
    jobFailed(kind, final) {
      jobFailures.inc({ kind, outcome: final ? 'final' : 'retry' });
    },
    async scrape() {
      const own = await registry.metrics();
      const proc = await processMetrics().metrics();
      return { contentType: registry.contentType, body: `${own.trimEnd()}\n${proc}` };
    },
  };
}
