import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, testClock } from './factories.ts';

const info = inject('testDb');

// ADR 0057: the pool survives PostgreSQL ending its connections (pg_terminate_backend, a restart): no unhandled
// 'error' ends the process, reads run again on a new connection, and nothing answers 500.
describe.skipIf(info.kind !== 'postgres')('the PostgreSQL pool when the server ends its connections', () => {
  const clock = testClock();
  let t: TestApp;
  let admin: pg.Client;
  let database: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    database = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
    admin = new pg.Client({ connectionString: info.kind === 'postgres' ? info.url : '' });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  /** Ends every connection the app holds, as `pg_terminate_backend` by an operator or a restart would. */
  async function terminateAll(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows[0]!.n;
  }

  it('serves reads again at once after its idle connections were terminated', async () => {
    const user = await createUser(t, clock);
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 6 }, () => callApi(t, 'home')));
    expect(await terminateAll()).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      expect((await callApi(t, 'home')).status).toBe(200);
      expect((await callApi(t, 'userInfo', { token: user.tokens.token })).status).toBe(200);
    }
  });

  it('a write on a terminated connection answers 503 in Chinese or succeeds, never 500; then everything works', async () => {
    const user = await createUser(t, clock);
    await Promise.all(Array.from({ length: 6 }, () => callApi(t, 'home')));
    await terminateAll();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callApi(t, 'login', { body: { account: user.phone, password: user.password } })),
    );
    for (const a of answers) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.body.msg).toBe('服务暂时不可用，请稍后再试');
    }
    expect((await callApi(t, 'login', { body: { account: user.phone, password: user.password } })).status).toBe(200);
  });
});
