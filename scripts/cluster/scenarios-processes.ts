// Scenarios a (SIGKILL one process) and d (a deploy of one process: out of nginx, SIGTERM, back in), under the load.
import { routes, urlOf } from '@yance/contracts/routes';
import { SHUTDOWN_GRACE_MS, type AppProcess } from './app.ts';
import { idempotencyKey, login } from './fixtures.ts';
import { isIdempotent, isNormal, type Sample } from './load.ts';
import { delay, until } from './procs.ts';
import type { ScenarioResult } from './report.ts';
import { AFTER, burst, calm, describe, ensureUp, finish, loadUntil, WARM, type Cluster } from './scenarios.ts';

/** Requests an instance must serve through nginx to count as having rejoined. */
const REJOINED = 20;

export async function killOne(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const victim = c.apps[0]!;
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the kill');
  // Kill while many requests are in flight, so some are on the killed process.
  await burst(c, r, 8, victim);
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

/**
 * A payment the process is surely running at a signal, whatever the load's timing: its order's row is locked here
 * first, so the request waits inside the process's transaction; `letGo` releases it. Sent to the process directly,
 * not through nginx, by one of the load's customers for an order the load will not pay.
 */
async function heldPayment(c: Cluster, app: AppProcess) {
  const customer = c.customers[0]!;
  const orderId = customer.orderIds.pop()!;
  const token = await login(c.baseUrl, customer.phone);
  const lock = await c.pg.hold(c.database, 'select 1 from orders where id = $1 for update', [orderId]);
  const answer = fetch(`http://127.0.0.1:${app.port}${urlOf(routes.payOrder)}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId, idempotencyKey: idempotencyKey() }),
    signal: AbortSignal.timeout(SHUTDOWN_GRACE_MS + 10_000),
  }).then(
    async (res) => ({ status: res.status, code: ((await res.json()) as { code?: number }).code ?? null }),
    (e: unknown) => ({ status: 0, code: null, error: e instanceof Error ? e.message : String(e) }),
  );
  // Let go of the lock if the payment never reaches it, so no later scenario meets a held row.
  await until(
    `the payment on ${app.name} to wait for the lock`,
    async () =>
      (
        await c.pg.query<{ waiting: boolean }>(
          c.database,
          'select exists (select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))) as waiting',
          [lock.pid],
        )
      )[0]?.waiting,
    10_000,
    20,
  ).catch(async (e: unknown) => {
    await lock.release();
    throw e;
  });
  return { orderId, answer, letGo: () => lock.release() };
}

/**
 * The process a deploy has taken out of nginx: SIGTERM while it runs a held payment, which must be answered and paid; it exits
 * in time, and its replacement starts and answers /readyz. Answers when the signal went and when the replacement was ready.
 */
async function restartOutOfNginx(c: Cluster, r: ScenarioResult, victim: AppProcess, outAt: number) {
  r.note(`${victim.name} out of nginx's upstream (reloaded, old worker gone) after ${Date.now() - outAt} ms`);
  const held = await heldPayment(c, victim);
  const pid = victim.pid;
  const termAt = Date.now();
  const inFlightAtSignal = c.load.inFlight;
  const stopping = victim.stop('SIGTERM', SHUTDOWN_GRACE_MS + 5_000);
  // The held payment goes on once the process is draining: it must still be answered, and paid.
  await delay(300);
  await held.letGo();
  const how = await stopping;
  const exitedAt = Date.now();
  const heldAnswer = await held.answer;
  r.expect(
    heldAnswer.status === 200 && heldAnswer.code === 1,
    `the payment ${victim.name} was running at the signal (held by its order's lock until 300 ms after) was answered and paid (${heldAnswer.status}, code ${heldAnswer.code})`,
  );
  if (heldAnswer.code === 1) c.load.paid.add(held.orderId);
  r.note(
    `SIGTERM ${victim.name} (pid ${pid}) with ${inFlightAtSignal} requests of the load in flight; it exited with ${how} after ${exitedAt - termAt} ms`,
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
  return { termAt, readyAt };
}

export async function deployOne(c: Cluster, r: ScenarioResult): Promise<void> {
  await ensureUp(c, r);
  const victim = c.apps[1]!;
  const first = c.load.mark();
  const t0 = Date.now();
  c.load.start();
  await loadUntil(c, t0, WARM, 'before the deploy');
  // A deploy (ADR 0078, deploy/restart-instance.sh): out of nginx's upstream while many requests are on the way,
  // so nginx's reload meets some on the process; then the signal, with nothing new arriving.
  await burst(c, r, 8, victim);
  const outAt = Date.now();
  calm(c);
  await c.nginx.upstream('out', victim.port);
  // Back in nginx's upstream whatever happens meanwhile, so no later scenario runs with the process left out.
  let termAt: number, readyAt: number;
  try {
    ({ termAt, readyAt } = await restartOutOfNginx(c, r, victim, outAt));
  } finally {
    await c.nginx.upstream('in', victim.port);
  }
  await until(`the replacement to receive traffic through nginx`, () => c.nginx.servedBy(victim.port, readyAt) >= REJOINED, 30_000, 100);
  const served = c.nginx.servedBy(victim.port, readyAt);
  await loadUntil(c, readyAt, AFTER, 'after the replacement joined');
  const samples = await finish(c, r, first);

  // Through nginx: what it had on the process when it took it out (its old worker finished them), and nothing after.
  const onVictim = c.nginx.inFlightAt(victim.port, outAt);
  r.expect(
    onVictim.every((l) => l.status === 200),
    `the requests nginx had on ${victim.name} as the deploy took it out (${onVictim.length}) were answered 200 (${onVictim.map((l) => l.status).join(', ') || '-'})`,
  );
  const sentAfter = c.nginx
    .linesSince(termAt)
    .filter((l) => l.upstreams.includes(`127.0.0.1:${victim.port}`) && l.at - l.ms >= termAt && l.at < readyAt);
  r.expect(
    sentAfter.length === 0,
    `nginx sent nothing to ${victim.name} from the signal until its replacement was ready (${sentAfter.length})`,
  );
  const during = samples.filter((s) => s.end > outAt && s.start < readyAt);
  const lost = during.filter((s) => !isNormal(s));
  r.expect(
    lost.length === 0,
    `every request from the deploy's start until the replacement was ready (${during.length}) got its normal answer: ${describe(lost)} did not`,
  );
  const later = samples.filter((s) => s.start >= readyAt && !isNormal(s));
  r.expect(later.length === 0, `no failure after the replacement joined: ${describe(later)}`);
  r.expect(served >= REJOINED, `the replacement serves through nginx once ready (${served} requests)`);
}
