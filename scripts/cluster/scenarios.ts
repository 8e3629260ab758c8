// The faults, each under the load and each followed by the ledger's reconciliation:
// a. SIGKILL one process   b. restart PostgreSQL   c. Redis down for 20 s
// d. SIGTERM one process (a deploy)   e. two processes on an empty database
// and one online backup restored into a scratch database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { routes, urlOf } from '@yance/contracts/routes';
import { AppProcess, productionEnv, SHUTDOWN_GRACE_MS, type Secrets, type Shared } from './app.ts';
import { call, login, type LoadCustomer } from './fixtures.ts';
import { reconcile } from './ledger.ts';
import { isIdempotent, isNormal, type Load, type LoadMark, type Sample } from './load.ts';
import type { Nginx } from './nginx.ts';
import type { Postgres } from './postgres.ts';
import { delay, freePort, Hopeless, until } from './procs.ts';
import type { RedisServer } from './redis.ts';
import { byStatus, maxLatency, type ScenarioResult } from './report.ts';

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
const WARM = 120;
const AFTER = 150;
/** The nginx site's fail_timeout: how long nginx may keep skipping a process it saw fail. */
const FAIL_TIMEOUT_MS = 5_000;
/** Requests an instance must serve through nginx to count as having rejoined. */
const REJOINED = 20;
/** Scenario c: how long Redis stays down, and the slowest answer allowed meanwhile. */
const REDIS_DOWN_MS = 20_000;
const SLOWEST_MS = 1_500;
/** code4sms requests while Redis is down (each spends one of the 20 an IP may make per hour). */
const SMS_PROBES = 8;

/** Starts any process that has exited (a previous scenario may have lost one) and waits for it. */
async function ensureUp(c: Cluster, r: ScenarioResult): Promise<void> {
  for (const app of c.apps) {
    if (app.alive()) continue;
    r.note(`${app.name} had exited (${await app.exited()}) before this scenario: started again`);
    app.start();
    await app.waitReady(120_000);
  }
}

/**
 * A burst for the moment of a signal: every client sends without pause, so
 * many requests are in flight on each process; resolves once `n` are.
 */
async function burst(c: Cluster, r: ScenarioResult, n: number): Promise<void> {
  c.load.paced = false;
  await until(`${n} requests in flight`, () => c.load.inFlight >= n, 10_000, 1).catch(() =>
    r.note(`fewer than ${n} requests were in flight`),
  );
}

/** Back to the bounded load a second after the signal (which the burst's requests meet too). */
function calm(c: Cluster): void {
  setTimeout(() => (c.load.paced = true), 1_000);
}

/** Load until `n` more requests have completed since `since`. */
const loadUntil = (c: Cluster, since: number, n: number, what: string) =>
  until(`${n} requests ${what}`, () => c.load.completedSince(since) >= n, 60_000, 50);

/** Ends the load, settles every payment left without an answer, and reconciles the ledger. */
async function finish(c: Cluster, r: ScenarioResult, first: LoadMark): Promise<Sample[]> {
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

const describe = (list: Sample[]) => (list.length ? `${list.length} (${byStatus(list)})` : '0');

export async function killOne(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const victim = c.apps[0]!;
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the kill');
  // Kill while many requests are in flight, so some are on the killed process.
  await burst(c, r, 8);
  const pid = victim.pid;
  const killAt = Date.now();
  const inFlightAtKill = c.load.inFlight;
  calm(c);
  await victim.stop('SIGKILL');
  const deadAt = Date.now();
  r.note(`SIGKILL ${victim.name} (pid ${pid}) with ${inFlightAtKill} requests in flight; gone after ${deadAt - killAt} ms`);
  await loadUntil(c, killAt, AFTER, 'with one process gone');
  victim.start();
  const restartAt = Date.now();
  await victim.waitReady(120_000);
  const readyAt = Date.now();
  r.note(`started again (pid ${victim.pid}): /readyz 200 after ${readyAt - restartAt} ms`);
  await until(`${victim.name} to receive traffic through nginx`, () => c.nginx.servedBy(victim.port, readyAt) >= REJOINED, 30_000, 100);
  const served = c.nginx.servedBy(victim.port, readyAt);
  await loadUntil(c, readyAt, AFTER, 'after it rejoined');
  const samples = await finish(c, r, first);

  const failed = samples.filter((s) => !isNormal(s));
  const allowed = (s: Sample) => s.status === 502 || s.status === 503;
  const other = failed.filter((s) => !allowed(s));
  r.expect(other.length === 0, `no failure other than 502/503: ${describe(other)}`);
  // In flight on the killed process: started before it was gone (a little slack for one nginx had
  // already handed to a kept-alive connection of the dead process) and answered after the signal.
  const inFlight = failed.filter((s) => allowed(s) && s.start <= deadAt + 100 && s.end >= killAt);
  const late = failed.filter((s) => allowed(s) && !inFlight.includes(s));
  r.note(`502/503 for requests in flight on the killed process: ${describe(inFlight)}`);
  const onVictim = c.nginx.inFlightAt(victim.port, killAt).filter((l) => l.at >= killAt);
  const retried = onVictim.filter((l) => l.upstreams.length > 1 && l.status === 200);
  r.note(
    `nginx's log: ${onVictim.length} requests on ${victim.name} at the kill; ${retried.length} passed to the other process and answered 200, ${onVictim.length - retried.length} not (${
      onVictim
        .filter((l) => !retried.includes(l))
        .map((l) => `${l.request.split(' ')[0]} ${l.status}`)
        .join(', ') || '-'
    })`,
  );
  r.expect(late.length === 0, `no 502/503 for requests started after the kill (nginx fails over): ${describe(late)}`);
  const gets = failed.filter((s) => isIdempotent(s));
  r.expect(gets.length === 0, `no GET failed (nginx passes them to the other process): ${describe(gets)}`);
  r.expect(served >= REJOINED, `the restarted process serves through nginx once ready (${served} requests)`);
}

/** Every process answers readiness and a signed-in call that reads the database. */
async function allServing(c: Cluster): Promise<boolean> {
  for (const app of c.apps) {
    if (!app.alive()) throw new Hopeless(`${app.name} has exited (${await app.exited()})`);
    if ((await app.probe('/readyz')) !== 200) return false;
    const res = await fetch(`${app.baseUrl}${urlOf(routes.userInfo)}`, {
      method: 'POST',
      headers: { token: c.probeToken, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(2000),
    }).catch(() => undefined);
    const env = res ? ((await res.json().catch(() => ({}))) as { code?: number }) : {};
    if (res?.status !== 200 || env.code !== 1) return false;
  }
  return true;
}

export async function restartPostgres(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const pids = c.apps.map((a) => a.pid);
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the restart');
  const restartAt = Date.now();
  await c.pg.restartFast();
  const backAt = Date.now();
  r.note(`pg_ctl restart -m fast took ${backAt - restartAt} ms`);
  let servingAt: number | undefined;
  try {
    await until('every process to serve again', () => allServing(c), 30_000, 200);
    servingAt = Date.now();
    r.note(`every process served again ${servingAt - backAt} ms after PostgreSQL was back`);
  } catch (e) {
    r.note(e instanceof Error ? e.message : String(e));
  }
  const after = c.apps.map((a) => a.pid);
  r.expect(servingAt !== undefined, 'every process serves again within 30 s of the restart');
  r.expect(
    after.every((p, i) => p !== undefined && p === pids[i]),
    `the same processes (pids ${pids.join(', ')} → ${after.map((p) => p ?? 'exited').join(', ')}): none exited`,
  );
  if (servingAt !== undefined) await loadUntil(c, servingAt + FAIL_TIMEOUT_MS, AFTER, 'after the recovery');
  const samples = await finish(c, r, first);

  const errors = samples.filter((s) => s.status === 500 || s.code === 500);
  r.expect(errors.length === 0, `no 500 during the outage (503 envelopes instead): ${describe(errors)}`);
  const unanswered = samples.filter((s) => s.status === 0);
  r.expect(unanswered.length === 0, `every request answered (no hang, no dropped connection): ${describe(unanswered)}`);
  if (servingAt !== undefined) {
    const settled = servingAt + FAIL_TIMEOUT_MS;
    const afterwards = samples.filter((s) => s.start >= settled && !isNormal(s));
    r.expect(
      afterwards.length === 0,
      `every request ${FAIL_TIMEOUT_MS / 1000} s after the recovery answered normally: ${describe(afterwards)}`,
    );
  }
}

/** A solved proof of work for code4sms, as the web app's widget makes it (ADR 0023). */
async function solvedChallenge(baseUrl: string): Promise<object> {
  const challenge = await call<Parameters<typeof solveChallenge>[0]['challenge']>(baseUrl, routes.smsChallenge, undefined);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('proof of work not solved');
  return { challenge, solution };
}

/** Readiness of every process right now: their /readyz statuses. */
const readyzAll = (c: Cluster) => Promise.all(c.apps.map((a) => a.probe('/readyz')));

export async function stopRedis(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const pids = c.apps.map((a) => a.pid);
  const marker = `cluster-${Date.now()}`;
  await c.redis.cli('set', 'yance:cluster:marker', marker);
  // code4sms checks its 60 s resend window in Redis: asked during the outage and after. Each needs a
  // solved proof of work; solving blocks this process for a moment, so before the load starts.
  const pows: object[] = [];
  for (let i = 0; i < SMS_PROBES + 4; i++) pows.push(await solvedChallenge(c.baseUrl));
  let readyzDown: number[] = [];
  let phone = 0;
  const nextPhone = () => `1880000${String(++phone).padStart(4, '0')}`;
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before Redis goes down');
  await c.redis.stop();
  const downAt = Date.now();
  r.note(`redis-server shut down (SIGTERM), kept down for ${REDIS_DOWN_MS / 1000} s`);
  for (let i = 0; i < SMS_PROBES; i++) {
    await delay(Math.max(0, downAt + ((i + 0.5) * REDIS_DOWN_MS) / SMS_PROBES - Date.now()));
    await c.load.requestCode(nextPhone(), pows.shift()!);
    if (i === Math.floor(SMS_PROBES / 2)) readyzDown = await readyzAll(c);
  }
  r.expect(
    readyzDown.length === c.apps.length && readyzDown.every((x) => x === 503),
    `/readyz answers 503 on every process while Redis is down (${readyzDown.join(', ')})`,
  );
  await delay(Math.max(0, downAt + REDIS_DOWN_MS - Date.now()));
  await c.redis.start();
  const upAt = Date.now();
  const kept = (await c.redis.cli('get', 'yance:cluster:marker')).trim();
  r.expect(kept === marker, `Redis kept its data across the restart (append-only file): marker ${kept ? 'found' : 'missing'}`);
  let recoveredAt: number | undefined;
  try {
    await until('every process to answer /readyz 200', async () => (await readyzAll(c)).every((x) => x === 200), 15_000, 200);
    await until(
      'code4sms through nginx to succeed',
      async () => {
        const pow = pows.shift();
        if (!pow) throw new Hopeless('no solved proof of work left');
        return (await c.load.requestCode(nextPhone(), pow)) === 1;
      },
      15_000,
      1000,
    );
    await login(c.baseUrl, c.customers[0]!.phone);
    recoveredAt = Date.now();
    r.note(`/readyz 200 everywhere, code4sms and sign-in working ${recoveredAt - upAt} ms after Redis was back`);
  } catch (e) {
    r.note(e instanceof Error ? e.message : String(e));
  }
  r.expect(recoveredAt !== undefined, 'everything recovers by itself within 15 s of Redis being back (/readyz, code4sms, sign-in)');
  await loadUntil(c, upAt, AFTER, 'after Redis is back');
  const after = c.apps.map((a) => a.pid);
  const samples = await finish(c, r, first);

  const during = samples.filter((s) => s.start >= downAt && s.start < upAt);
  const codes = during.filter((s) => s.kind === 'code4sms');
  r.note(
    `during the outage: ${describe(during)}; code4sms ${describe(codes)}, sign-ins ${describe(during.filter((s) => s.kind === 'login'))}`,
  );
  r.expect(
    codes.length === SMS_PROBES && codes.every((s) => s.status === 503 && s.code === 503 && s.end - s.start <= 1_000),
    `code4sms while Redis is down answers the 503 envelope within 1 s (${codes.map((s) => `${s.status}/${s.end - s.start} ms`).join(', ')})`,
  );
  const others = during.filter((s) => s.kind !== 'code4sms' && !isNormal(s));
  r.expect(others.length === 0, `everything else serves while Redis is down: ${describe(others)} failed`);
  const errors = samples.filter((s) => s.status === 500 || s.code === 500 || s.status === 0);
  r.expect(errors.length === 0, `no 500 and no unanswered request: ${describe(errors)}`);
  const slow = samples.filter((s) => s.end - s.start > SLOWEST_MS);
  r.expect(
    slow.length === 0,
    `no request slower than ${SLOWEST_MS} ms through nginx (slowest ${maxLatency(samples)} ms${slow.length ? `; ${slow.length} slower: ${[...new Set(slow.map((s) => s.kind))].join(', ')}` : ''})`,
  );
  r.expect(
    after.every((p, i) => p !== undefined && p === pids[i]),
    `the same processes throughout (pids ${pids.join(', ')} → ${after.map((p) => p ?? 'exited').join(', ')})`,
  );
}

export async function deployOne(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const victim = c.apps[1]!;
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the deploy');
  // Signal while many requests are in flight, so the check below has some on the stopping process.
  await burst(c, r, 8);
  const pid = victim.pid;
  const termAt = Date.now();
  const inFlightAtSignal = c.load.inFlight;
  calm(c);
  const how = await victim.stop('SIGTERM', SHUTDOWN_GRACE_MS + 5_000);
  const exitedAt = Date.now();
  r.note(
    `SIGTERM ${victim.name} (pid ${pid}) with ${inFlightAtSignal} requests in flight; it exited with ${how} after ${exitedAt - termAt} ms`,
  );
  r.expect(how === 0, `the stopped process exits with code 0 (${how})`);
  r.expect(
    exitedAt - termAt <= SHUTDOWN_GRACE_MS + 1_000,
    `it exits within SHUTDOWN_GRACE_MS (${exitedAt - termAt} ms ≤ ${SHUTDOWN_GRACE_MS + 1_000})`,
  );
  victim.start();
  const startAt = Date.now();
  await victim.waitReady(120_000);
  const readyAt = Date.now();
  r.note(`replacement (pid ${victim.pid}): /readyz 200 after ${readyAt - startAt} ms`);
  await until(`the replacement to receive traffic through nginx`, () => c.nginx.servedBy(victim.port, readyAt) >= REJOINED, 30_000, 100);
  const served = c.nginx.servedBy(victim.port, readyAt);
  await loadUntil(c, readyAt, AFTER, 'after the replacement joined');
  const samples = await finish(c, r, first);

  const onVictim = c.nginx.inFlightAt(victim.port, termAt);
  r.expect(
    onVictim.length > 0 && onVictim.every((l) => l.status === 200),
    `the requests ${victim.name} was serving at the signal (nginx's log: ${onVictim.length}) were answered 200 (${onVictim.map((l) => l.status).join(', ') || '-'})`,
  );
  const inFlight = samples.filter((s) => s.start < termAt && s.end > termAt);
  const lost = inFlight.filter((s) => !isNormal(s));
  r.expect(
    lost.length === 0,
    `every request in flight at the signal (${inFlight.length}) got its normal answer: ${describe(lost)} did not`,
  );
  const later = samples.filter((s) => s.start >= termAt && !isNormal(s));
  const refusedPosts = later.filter((s) => s.status === 503 && !isIdempotent(s));
  const bad = later.filter((s) => !refusedPosts.includes(s));
  r.note(`503 envelopes for POSTs that reached the stopping process after the signal: ${describe(refusedPosts)}`);
  r.expect(bad.length === 0, `no other failure after the signal (nginx sends new requests to the other process): ${describe(bad)}`);
  r.expect(served >= REJOINED, `the replacement serves through nginx once ready (${served} requests)`);
}

export async function backupRestore(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the backup');
  const [before] = await c.pg.query<{ n: number }>(c.database, 'select count(*)::int as n from ledger_entry');
  const file = path.join(c.tmp, 'yance.dump');
  const dumpAt = Date.now();
  await c.pg.dump(c.database, file);
  r.note(`pg_dump -Fc under load: ${Date.now() - dumpAt} ms`);
  await finish(c, r, first);
  const scratch = 'yance_restored';
  await c.pg.createDatabase(scratch);
  const restoreAt = Date.now();
  await c.pg.restore(file, scratch);
  r.note(`pg_restore into ${scratch}: ${Date.now() - restoreAt} ms`);
  const [restored] = await c.pg.query<{ n: number }>(scratch, 'select count(*)::int as n from ledger_entry');
  r.expect(
    (restored?.n ?? 0) >= (before?.n ?? 1),
    `the restored ledger has every entry made before the dump began (${restored?.n} ≥ ${before?.n})`,
  );
  const check = await reconcile(
    c.pg.url(scratch),
    c.customers.map((x) => x.userId),
  );
  for (const p of check.problems) r.note(`restored: ✗ ${p}`);
  r.expect(check.ok, `the restored copy reconciles too (${check.summary})`);
}

export async function emptyDatabase(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'on the main cluster meanwhile');
  const fresh = 'yance_fresh';
  await c.pg.createDatabase(fresh);
  const shared = { ...c.shared, databaseUrl: c.pg.url(fresh) };
  const env = productionEnv(shared, c.secrets);
  const apps = [new AppProcess('fresh-1', await freePort(), env, shared), new AppProcess('fresh-2', await freePort(), env, shared)];
  const startAt = Date.now();
  for (const a of apps) a.start();
  try {
    const ready = await Promise.allSettled(apps.map((a) => a.waitReady(150_000).then(() => Date.now() - startAt)));
    ready.forEach((x, i) =>
      r.note(
        `${apps[i]!.name}: ${x.status === 'fulfilled' ? `/readyz 200 after ${x.value} ms` : `not ready: ${String(x.reason).slice(0, 600)}`}`,
      ),
    );
    r.expect(
      ready.every((x) => x.status === 'fulfilled'),
      'both processes started together on an empty database come up (/readyz 200)',
    );
    const journal = JSON.parse(readFileSync(path.join(c.repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await c.pg
      .query<{ n: number }>(fresh, 'select count(*)::int as n from drizzle.__drizzle_migrations')
      .then((x) => x[0]?.n ?? 0)
      .catch(() => 0);
    r.expect(applied === journal.entries.length, `every migration applied once (${applied} of ${journal.entries.length})`);
  } finally {
    for (const a of apps) {
      const how = await a.stop('SIGTERM');
      r.note(`${a.name} stopped: ${how}`);
    }
  }
  await finish(c, r, first);
}
