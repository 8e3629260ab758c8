// What the fault scenarios share: the cluster they run on, the load's phases, and the
// end of each (the payments settled, the ledger reconciled). The scenarios are in
// scenarios-processes.ts (a, d), scenarios-services.ts (b, c) and scenarios-database.ts (backup, e).
import type { AppProcess, Secrets, Shared } from './app.ts';
import type { LoadCustomer } from './fixtures.ts';
import { reconcile } from './ledger.ts';
import type { Load, LoadMark, Sample } from './load.ts';
import type { Nginx } from './nginx.ts';
import type { Postgres } from './postgres.ts';
import { until } from './procs.ts';
import type { RedisServer } from './redis.ts';
import { byStatus, type ScenarioResult } from './report.ts';

export interface Cluster {
  repoRoot: string;
  tmp: string;
  shared: Shared;
  secrets: Secrets;
  pg: Postgres;
  database: string;
  redis: RedisServer;
  nginx: Nginx;
  apps: AppProcess[];
  customers: LoadCustomer[];
  load: Load;
  /** nginx's address: what the load and the sign-in checks use. */
  baseUrl: string;
  /** A signed-in demo customer's token, for probing a process directly. */
  probeToken: string;
  log: (s: string) => void;
}

/** Requests the load completes before a fault, and after a recovery before the scenario ends. */
export const WARM = 120;
export const AFTER = 150;

/** Starts any process that has exited (a previous scenario may have lost one) and waits for it. */
export async function ensureUp(c: Cluster, r: ScenarioResult): Promise<void> {
  for (const app of c.apps) {
    if (app.alive()) continue;
    r.note(`${app.name} had exited (${await app.exited()}) before this scenario: started again`);
    app.start();
    await app.waitReady(120_000);
  }
}

/** How recently a process must have answered through nginx to count as in its rotation. */
const IN_ROTATION_MS = 1_000;

/**
 * A burst for the moment of a signal on `victim`: every client sends without
 * pause, so many requests are in flight on each process; resolves once `n` are.
 * First the victim must be in nginx's rotation: a 503 it gave in the previous
 * scenario (Redis down) takes it out for fail_timeout, and a signal then would
 * meet it with nothing to serve.
 */
export async function burst(c: Cluster, r: ScenarioResult, n: number, victim: AppProcess): Promise<void> {
  await until(
    `nginx to pass requests to ${victim.name}`,
    () => c.nginx.servedBy(victim.port, Date.now() - IN_ROTATION_MS) >= 3,
    15_000,
    50,
  );
  c.load.paced = false;
  await until(`${n} requests in flight`, () => c.load.inFlight >= n, 10_000, 1).catch(() =>
    r.note(`fewer than ${n} requests were in flight`),
  );
}

/** Back to the bounded load a second after the signal (which the burst's requests meet too). */
export function calm(c: Cluster): void {
  setTimeout(() => (c.load.paced = true), 1_000);
}

/** Load until `n` more requests have completed since `since`. */
export const loadUntil = (c: Cluster, since: number, n: number, what: string) =>
  until(`${n} requests ${what}`, () => c.load.completedSince(since) >= n, 60_000, 50);

/** Ends the load, settles every payment left without an answer, and reconciles the ledger. */
export async function finish(c: Cluster, r: ScenarioResult, first: LoadMark): Promise<Sample[]> {
  await c.load.stop();
  await c.load.settlePayments(30_000);
  r.expect(
    c.load.unsettledPayments === 0,
    `every payment has a definite answer after repeating it with its key (${c.load.unsettledPayments} left)`,
  );
  const refused = c.load.refused.slice(first.refused);
  r.expect(refused.length === 0, `no payment refused (${refused.map((x) => `${x.orderId}: ${x.status} ${x.msg}`).join('; ') || 'none'})`);
  const samples = c.load.samples.slice(first.samples);
  r.samples = samples;
  r.ledger = await reconcile(
    c.pg.url(c.database),
    c.customers.map((x) => x.userId),
    c.load.paid,
  );
  r.expect(r.ledger.ok, 'the ledger reconciles (entries balance, balances equal their lines, no order paid twice, payments as told)');
  return samples;
}

export const describe = (list: Sample[]) => (list.length ? `${list.length} (${byStatus(list)})` : '0');
