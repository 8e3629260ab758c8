import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { wxAccessToken, wxTicket } from '../../db/schema.ts';

export type TicketRow = typeof wxTicket.$inferSelect;
type Status = TicketRow['status'];

export async function insertTicket(db: Executor, row: typeof wxTicket.$inferInsert): Promise<void> {
  await db.insert(wxTicket).values(row);
}

export async function findTicket(db: Executor, ticket: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(wxTicket).where(eq(wxTicket.ticket, ticket));
  return row;
}

/** Moves a live ticket on from one of the given states; undefined when it was not in them (or expired) — the loser of a race. */
export async function moveTicket(
  db: Executor,
  ticket: string,
  from: Status[],
  now: Date,
  patch: Partial<TicketRow>,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(wxTicket)
    .set(patch)
    .where(and(eq(wxTicket.ticket, ticket), inArray(wxTicket.status, from), gt(wxTicket.expiresAt, now)))
    .returning();
  return row;
}

/** Takes the confirmed login off the ticket exactly once: only one poll gets the user id. */
export async function claimConfirmed(db: Executor, ticket: string): Promise<number | null> {
  const [row] = await db
    .update(wxTicket)
    .set({ status: 'consumed' })
    .where(and(eq(wxTicket.ticket, ticket), eq(wxTicket.status, 'confirmed')))
    .returning({ userId: wxTicket.userId });
  return row?.userId ?? null;
}

export async function readAccessToken(db: Executor, appId: string) {
  const [row] = await db.select().from(wxAccessToken).where(eq(wxAccessToken.appId, appId));
  return row;
}

/** Takes the refresh lease when nobody holds a live one; true for the one process that should call WeChat. */
export async function leaseAccessToken(db: Executor, appId: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(wxAccessToken)
    .values({ appId, token: '', expiresAt: new Date(0), leaseUntil: until })
    .onConflictDoUpdate({
      target: wxAccessToken.appId,
      set: { leaseUntil: until },
      setWhere: or(isNull(wxAccessToken.leaseUntil), lt(wxAccessToken.leaseUntil, now)),
    })
    .returning({ appId: wxAccessToken.appId });
  return rows.length === 1;
}

export async function saveAccessToken(db: Executor, appId: string, token: string, expiresAt: Date): Promise<void> {
  await db.update(wxAccessToken).set({ token, expiresAt, leaseUntil: null }).where(eq(wxAccessToken.appId, appId));
}

export async function deleteTicketsExpiredBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(wxTicket).where(lt(wxTicket.expiresAt, before)).returning({ id: wxTicket.id });
  return rows.length;
}
