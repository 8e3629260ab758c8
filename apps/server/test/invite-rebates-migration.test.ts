// Migration invite-rebates (ADR 0069) keeps what a database already holds: a
// database migrated to the one before with promoters, a rebate, an invitation of the
// one-time reward and the old `invite` setting is migrated on, and
// everything is still there in its new place.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { fromPglite, migrationsFolder } from '../src/db/client.ts';

const database = fromPglite(new PGlite());
afterAll(async () => database.close());

const run = (query: string) => database.db.execute(sql.raw(query));
const rows = async <T>(query: string): Promise<T[]> => ((await run(query)) as unknown as { rows: T[] }).rows;

it('moves what promoters owe into their wallets, keeps the rebates’ hold and the invitations’ one-time reward, and the invite setting’s on/off', async () => {
  // Every migration before invite-rebates (whatever its number once merged), as drizzle would have run them, recorded as applied.
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_invite-rebates'));
  expect(at).toBeGreaterThan(0);
  for (const { tag } of journal.entries.slice(0, at))
    for (const statement of (await readFile(path.join(migrationsFolder, `${tag}.sql`), 'utf8')).split('--> statement-breakpoint'))
      if (statement.trim()) await run(statement);
  const last = journal.entries[at - 1]!;
  await run('CREATE SCHEMA IF NOT EXISTS drizzle');
  await run('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
  await run(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('before-invite-rebates', ${last.when})`);

  // What such a database holds: a promoter who owes ¥30, a stopped one, a customer, a rebate, a flat invitation.
  await run(`INSERT INTO user_account (id, phone, invite_code) VALUES (1, '13800000001', 'AAAAAAA1'), (2, '13800000002', 'AAAAAAA2'),
      (3, '13800000003', 'AAAAAAA3'), (4, '13800000004', 'AAAAAAA4')`);
  await run(`INSERT INTO promoter (user_id, state, name, channel, owed_fen, created_at) VALUES
      (1, 'approved', '王推广', '课题组', 3000, now()), (2, 'disabled', '李推广', '展会', 0, now()), (4, 'applied', '赵申请', '朋友圈', 0, now())`);
  await run(`INSERT INTO orders (id, no, user_id, state, kind, delivery) VALUES (1, 'D0001', 3, 'completed', 'enterprise', 0)`);
  await run(`INSERT INTO ledger_entry (id, kind, memo, created_at) VALUES (1, 'orderPay', '付款', now())`);
  await run(`INSERT INTO rebate (promoter_id, customer_id, order_id, payment_entry_id, base_fen, rate_bp, amount_fen, state, created_at)
      VALUES (1, 3, 1, 1, 10000, 500, 500, 'pending', now())`);
  await run(
    `INSERT INTO invite_reward (invitee_id, inviter_id, state, inviter_fen, invitee_fen, created_at) VALUES (3, 2, 'granted', 5000, 0, now())`,
  );
  await run(`INSERT INTO setting (key, value) VALUES ('invite', '{"enabled": false, "inviterRewardFen": 5000, "inviteeRewardFen": 0}'),
      ('promotion', '{"rateBp": 500, "pendingDays": 9, "minWithdrawFen": 10000}')`);

  await database.migrate();

  expect(await rows('SELECT user_id, owed_fen::int AS owed FROM wallet ORDER BY user_id')).toEqual([
    { user_id: 1, owed: 3000 },
    { user_id: 2, owed: 0 },
  ]);
  expect(await rows('SELECT kind, hold_days, amount_fen, state FROM rebate')).toEqual([
    { kind: 'promoter', hold_days: 9, amount_fen: 500, state: 'pending' },
  ]);
  expect(await rows('SELECT scheme, state, inviter_fen FROM invite_reward')).toEqual([
    { scheme: 'flat', state: 'granted', inviter_fen: 5000 },
  ]);
  expect((await rows<{ value: unknown }>(`SELECT value FROM setting WHERE key = 'invite'`))[0]!.value).toEqual({
    enabled: false,
    rateBp: 800,
    windowMonths: 3,
    holdDays: 15,
    couponFen: 20000,
    couponThresholdFen: 0,
    couponDays: 30,
  });
  // New rows name their scheme and kind: no default fills them in silently.
  await expect(
    run(
      `INSERT INTO invite_reward (invitee_id, inviter_id, state, inviter_fen, invitee_fen, created_at) VALUES (4, 1, 'off', 0, 0, now())`,
    ),
  ).rejects.toThrow();
}, 120_000);
