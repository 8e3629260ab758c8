// Scenarios b (restart PostgreSQL) and c (Redis down for 20 s), under the load.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { routes, urlOf } from '@yance/contracts/routes';
import { call, login } from './fixtures.ts';
import { isNormal } from './load.ts';
import { delay, Hopeless, until } from './procs.ts';
import { maxLatency, type ScenarioResult } from './report.ts';
import { AFTER, describe, ensureUp, finish, loadUntil, WARM, type Cluster } from './scenarios.ts';

/** The nginx site's fail_timeout: how long nginx may keep skipping a process it saw fail. */
const FAIL_TIMEOUT_MS = 5_000;
/** Scenario c: how long Redis stays down, and the slowest answer allowed meanwhile. */
const REDIS_DOWN_MS = 20_000;
const SLOWEST_MS = 1_500;
/** code4sms requests while Redis is down (each spends one of the 20 an IP may make per hour). */
const SMS_PROBES = 8;

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
