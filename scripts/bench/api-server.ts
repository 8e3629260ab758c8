/**
 * The bench's server: the production build in a child process, on a
 * throw-away PostgreSQL database (and Redis) when DATABASE_URL (REDIS_URL) is
 * set, as production runs, else on a temp PGlite. The local payment gateway
 * with the bench's secret, so the bench can top balances up as a gateway does.
 */
import pg from 'pg';
import type { ApiServer } from './api.ts';
import { BENCH_PAYMENT_SECRET } from './pay-clients.ts';
import { startServerProcess } from './server.ts';

export interface BenchServer extends ApiServer {
  stop(): Promise<void>;
}

/** Drops a throw-away database — not WITH (FORCE): retried until its last connections (a server's pool) have gone. */
export async function dropDatabaseWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (e) {
      if (attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startBenchServer(repoRoot: string, log: (s: string) => void): Promise<BenchServer> {
  const url = process.env.DATABASE_URL;
  const env = { PAYMENT_GATEWAYS: 'local', PAYMENT_LOCAL_SECRET: BENCH_PAYMENT_SECRET };
  if (!url) {
    log('starting the server (child process, PGlite) …');
    return startServerProcess(repoRoot, { env });
  }
  const name = `yance_bench_api_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  const dropDatabase = async () => {
    await client.end().catch(() => {});
    await dropDatabaseWhenFree(admin, name);
    await admin.end();
  };
  try {
    log(`starting the server (child process, PostgreSQL ${name}${process.env.REDIS_URL ? ', Redis' : ''}) …`);
    const server = await startServerProcess(repoRoot, {
      databaseUrl: dbUrl.toString(),
      ...(process.env.REDIS_URL && { redisUrl: process.env.REDIS_URL }),
      env,
    });
    await client.connect();
    return {
      ...server,
      postgres: { name, client, admin },
      stop: async () => {
        await server.stop();
        await dropDatabase();
      },
    };
  } catch (e) {
    await dropDatabase();
    throw e;
  }
}
