import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { perDatabase, preparedStatement } from '../../db/prepared.ts';
import { userAccount } from '../../db/schema.ts';

export type UserRow = typeof userAccount.$inferSelect;
export type UserPatch = Partial<Omit<typeof userAccount.$inferInsert, 'id' | 'createdAt'>>;

/** Prepared (ADR 0064): every signed-in page asks for its account. */
const userById = preparedStatement('user_by_id', (db, name) =>
  db
    .select()
    .from(userAccount)
    .where(eq(userAccount.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/** Customers' inviters already read, per database: set at sign-up and never changed, so kept (ADR 0066). */
const inviters = perDatabase(() => new Map<number, number | null>());
const INVITERS_KEPT = 100_000;

const inviterQuery = preparedStatement('user_inviter', (db, name) =>
  db
    .select({ inviterId: userAccount.inviterId })
    .from(userAccount)
    .where(eq(userAccount.id, sql.placeholder('id')))
    .prepare(name),
);

/** Who invited the customer (null: nobody, or no such customer); asked on every payment, read once per process. */
export async function inviterOf(db: Executor, id: number): Promise<number | null> {
  const known = inviters(db);
  const kept = known.get(id);
  if (kept !== undefined) return kept;
  const [row] = await inviterQuery(db).execute({ id });
  if (!row) return null;
  if (known.size >= INVITERS_KEPT) known.clear();
  known.set(id, row.inviterId);
  return row.inviterId;
}

export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.phone, phone));
  return row;
}

/** User names match whatever their case (the unique index is on lower(username)). */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(userAccount)
    .where(sql`lower(${userAccount.username}) = lower(${username})`);
  return row;
}

export async function findUserByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.inviteCode, code));
  return row;
}

export async function findUserByOpenid(db: Executor, openid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.wxOpenid, openid));
  return row;
}

export async function insertUser(db: Executor, row: typeof userAccount.$inferInsert): Promise<number> {
  const [created] = await db.insert(userAccount).values(row).returning({ id: userAccount.id });
  return created!.id;
}

export async function updateUser(db: Executor, id: number, patch: UserPatch): Promise<void> {
  await db.update(userAccount).set(patch).where(eq(userAccount.id, id));
}
