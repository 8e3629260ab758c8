/**
 * npm run profile (issue 22): where a request's CPU goes. The production build
 * (`node apps/server/dist/server.js`) runs as a child process under
 * `node --cpu-prof` on a throw-away PostgreSQL database (DATABASE_URL names
 * the server; REDIS_URL as production uses it), at LOG_LEVEL=info (the
 * default); wrk loads the home API, user/info and pay/order in turn (a warm-up,
 * then PROFILE_SECONDS of load each); the profile is cut into each call's
 * window by its timestamps and summed by package and function, self and with
 * what each calls. Also printed: CPU time per request of the Node process and
 * of the database's backends, which, unlike req/s, a busy machine hardly moves.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run profile
 *
 * Writes the tables to PROFILE_OUT (default tmp/profile.md) and keeps the .cpuprofile there for DevTools.
 * PROFILE_CALLS=home,info profiles only those calls (of home, info, pay; all three by default).
 * PROFILE_PERF=1 also records the whole machine with `perf record -a -g` in each call's window (Linux perf).
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { dropDatabaseWhenFree } from './bench/api-server.ts';
import { routes } from '@yance/contracts/routes';
import { databaseCpuUs, processCpuUs } from './bench/cpu-time.ts';
import { profileMarkdown, readProfile, summarise } from './bench/cpuprofile.ts';
import { BENCH_PAYMENT_SECRET, preparePayClients, reconcileOverHttp, writeTokens, writeUnpaid } from './bench/pay-clients.ts';
import { startServerProcess } from './bench/server.ts';
import { round } from './bench/stats.ts';
import { apiTarget, wrk, type Target } from './bench/throughput.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = 50;
const CLIENTS = 50;
const CALLS = new Set((process.env.PROFILE_CALLS ?? 'home,info,pay').split(',').map((c) => c.trim()));
const outFile = path.resolve(process.env.PROFILE_OUT ?? path.join(repoRoot, 'tmp/profile.md'));
const log = (s: string) => console.log(s);
/** PROFILE_PERF=1: the whole machine under `perf record -a -g` during each measured window (kernel time: system calls, loopback). */
const PERF = Boolean(process.env.PROFILE_PERF);

/** Starts `perf record` of every CPU into `file`; stop() ends it and waits for the file. */
function perfRecord(file: string): { stop: () => Promise<void> } {
  const child = spawn('perf', ['record', '-a', '-g', '-q', '-o', file], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGINT');
      await exited;
      log(`  perf: ${file} (perf report -i ${file} --comm node --no-children --stdio)`);
    },
  };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL (a PostgreSQL server this script may create a database on) is required');
  const workDir = path.dirname(outFile);
  const profDir = path.join(workDir, 'cpuprofile');
  await rm(profDir, { recursive: true, force: true });
  await mkdir(profDir, { recursive: true });
  const name = `yance_profile_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    log(`server (production build, PostgreSQL ${name}${process.env.REDIS_URL ? ', Redis' : ''}, LOG_LEVEL=info) under --cpu-prof …`);
    const server = await startServerProcess(repoRoot, {
      databaseUrl: dbUrl.toString(),
      ...(process.env.REDIS_URL && { redisUrl: process.env.REDIS_URL }),
      logLevel: 'info',
      stdout: 'ignore',
      nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '500'],
      env: { PAYMENT_GATEWAYS: 'local', PAYMENT_LOCAL_SECRET: BENCH_PAYMENT_SECRET },
    });
    await db.connect();
    const sections: string[] = [];
    const windows: { label: string; fromUs: number; toUs: number; requests: number }[] = [];
    try {
      const clients = await preparePayClients(server.baseUrl, db, CLIENTS, CALLS.has('pay') ? 120 : 0, log);
      const tokens = path.join(workDir, 'tokens.txt');
      const payments = path.join(workDir, 'payments.txt');
      await writeTokens(tokens, clients);
      const targets: Target[] = [
        ...(CALLS.has('home') ? [apiTarget(routes.home)] : []),
        ...(CALLS.has('info') ? [{ ...apiTarget(routes.userInfo), calls: { mode: 'info' as const, dataFile: tokens } }] : []),
        ...(CALLS.has('pay') ? [{ ...apiTarget(routes.payOrder), calls: { mode: 'pay' as const, dataFile: payments } }] : []),
      ];
      for (const target of targets) {
        const call = `${target.method} ${target.path}`;
        if (target.calls?.mode === 'pay') await writeUnpaid(payments, db, clients);
        await wrk(server.baseUrl, target, 2, CONNECTIONS);
        if (target.calls?.mode === 'pay') log(`  ${await writeUnpaid(payments, db, clients)} unpaid orders left for the measured run`);
        const [node0, db0] = [await processCpuUs(server.pid), await databaseCpuUs(admin, name)];
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        const perf = PERF ? perfRecord(path.join(workDir, `perf-${target.calls?.mode ?? 'home'}.data`)) : undefined;
        const res = await wrk(server.baseUrl, target, SECONDS, CONNECTIONS);
        await perf?.stop();
        const toUs = Number(process.hrtime.bigint() / 1000n);
        const [node1, db1] = [await processCpuUs(server.pid), await databaseCpuUs(admin, name)];
        const nodeUs = (node1 - node0) / Math.max(res.requests, 1);
        const dbUs = (db1 - db0) / Math.max(res.requests, 1);
        const rps = res.requests / (res.durationUs / 1e6);
        const line =
          `${call}: ${round(rps, 0)} req/s with ${CONNECTIONS} connections, p50 ${round(res.p50Us / 1000, 1)} ms, p99 ${round(res.p99Us / 1000, 1)} ms, ` +
          `non-2xx ${res.non2xx}, errors ${res.errors}; CPU per request: Node ${round(nodeUs, 0)} µs, PostgreSQL ${round(dbUs, 0)} µs`;
        log(`  ${line}`);
        windows.push({ label: call, fromUs, toUs, requests: res.requests });
        sections.push(`#### ${call}\n\n${line}.\n`);
      }
      if (CALLS.has('pay') && process.env.PROFILE_RECONCILE !== 'false') {
        const r = await reconcileOverHttp(server.baseUrl);
        log(`  ledger reconciliation after the payments: ${r.summary}`);
        sections.push(`Ledger reconciliation after the payments: ${r.summary}.\n`);
      }
    } finally {
      await server.stop();
    }
    const file = (await readdir(profDir)).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`the server wrote no profile to ${profDir}`);
    const profile = readProfile(path.join(profDir, file));
    const out: string[] = [];
    windows.forEach((w, i) => {
      const s = summarise(profile, { fromUs: w.fromUs, toUs: w.toUs, repoRoot, n: 15 });
      out.push(
        sections[i]!,
        `${s.busy} busy samples of ${s.samples} (every 0.5 ms; ${s.busyMs} ms busy, ${round((s.busyMs * 1000) / w.requests, 0)} µs per request).\n`,
        ...profileMarkdown(s),
      );
      log(`\n${w.label}: top by self time`);
      for (const r of s.self.slice(0, 10)) log(`  ${String(r.pct).padStart(5)} %  ${r.label}`);
      log(`${w.label}: top with callees`);
      for (const r of s.inclusive.slice(0, 12)) log(`  ${String(r.pct).padStart(5)} %  ${r.label}`);
    });
    out.push(...sections.slice(windows.length));
    await writeFile(path.join(profDir, 'windows.json'), JSON.stringify(windows));
    await writeFile(outFile, out.join('\n'));
    log(`\nwritten ${path.relative(process.cwd(), outFile)} (profile: ${path.relative(process.cwd(), path.join(profDir, file))})`);
  } finally {
    await db.end().catch(() => {});
    await dropDatabaseWhenFree(admin, name);
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
