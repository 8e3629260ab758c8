import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Address, UserInfo } from '@yance/contracts/user';
import type { Executor } from '../../db/client.ts';
import { perDatabase, preparedStatement } from '../../db/prepared.ts';
import { qualified } from '../../db/qualified.ts';
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

/** The parts of user/info's statement that other modules own, each the SQL of one value for the account's column. */
export interface UserInfoParts {
  /** The active manager's card, or null (customer). */
  manager: (managerId: Column) => SQL<UserInfo['manager']>;
  /** The address book in the contracts' shape (address). */
  addresses: (userId: Column) => SQL<Address[]>;
  /** The plan's line count (plan). */
  cartNum: (userId: Column) => SQL<number>;
}

/** user/info's row: the account's fields, `createdAt` as ISO-8601 in UTC (as `Date.toISOString` writes it). */
export type UserInfoRow = Pick<
  UserRow,
  | 'username'
  | 'phone'
  | 'inviteCode'
  | 'name'
  | 'email'
  | 'organization'
  | 'company'
  | 'teacher'
  | 'teacherPhone'
  | 'teacherMail'
  | 'region'
  | 'address'
  | 'attested'
  | 'wxOpenid'
  | 'attestationState'
  | 'attestationReason'
> & { createdAt: string; manager: UserInfo['manager']; addresses: Address[]; cartNum: number };

/**
 * user/info in one statement and one round trip (ADR 0067): the account's fields beside the parts other modules
 * write (its active manager's card, its address book, its plan's line count); this statement only puts them side by
 * side. Prepared: every signed-in page asks for it. Made once, by the service that knows the parts. The row comes
 * back as ONE json value (ADR 0073): the driver then describes and parses one column, not twenty, and drizzle maps
 * none.
 */
export function userInfoReader(parts: UserInfoParts) {
  const u = (column: Column) => qualified(column);
  const statement = preparedStatement('user_info_by_id', (db, name) =>
    db
      .select({
        info: sql<UserInfoRow>`json_build_object(
          'username', ${u(userAccount.username)}, 'phone', ${u(userAccount.phone)}, 'inviteCode', ${u(userAccount.inviteCode)},
          'name', ${u(userAccount.name)}, 'email', ${u(userAccount.email)}, 'organization', ${u(userAccount.organization)},
          'company', ${u(userAccount.company)}, 'teacher', ${u(userAccount.teacher)}, 'teacherPhone', ${u(userAccount.teacherPhone)},
          'teacherMail', ${u(userAccount.teacherMail)}, 'region', ${u(userAccount.region)}, 'address', ${u(userAccount.address)},
          'attested', ${u(userAccount.attested)}, 'wxOpenid', ${u(userAccount.wxOpenid)},
          'createdAt', to_char(${u(userAccount.createdAt)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'attestationState', ${u(userAccount.attestationState)}, 'attestationReason', ${u(userAccount.attestationReason)},
          'manager', ${parts.manager(userAccount.managerId)}, 'addresses', ${parts.addresses(userAccount.id)},
          'cartNum', ${parts.cartNum(userAccount.id)})`,
      })
      .from(userAccount)
      .where(eq(userAccount.id, sql.placeholder('id')))
      .prepare(name),
  );
  return async (db: Executor, id: number): Promise<UserInfoRow | undefined> => {
    const [row] = await statement(db).execute({ id });
    // node-postgres parses json; PGlite too. A text answer (a driver that does not) is parsed here.
    return row && (typeof row.info === 'string' ? (JSON.parse(row.info) as UserInfoRow) : row.info);
  };
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
