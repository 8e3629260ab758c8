// The ledger (issue 10, ADR 0050): every movement of money is one entry of
// lines that sum to zero, written in the caller's transaction together with
// the business change it pays for. Owned accounts (a customer's prestore, a
// group, a promoter's wallet) keep their balance in their row and never go
// below zero; shop accounts keep none, so no payment waits on a shared row.
import { createHash } from 'node:crypto';
import {
  GATEWAY_NAMES,
  isOwnedKind,
  LEDGER_ACCOUNT_KINDS,
  type LedgerAccountKind,
  type LedgerEntryKind,
  type OwnedAccountKind,
} from '@yance/contracts/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { inOrder } from '../../db/prepared.ts';
import * as repo from './ledger.repository.ts';

/** An account: an owned kind with its owner, or a shop kind (the gateway's by name). */
export type AccountRef =
  { kind: OwnedAccountKind; ownerId: number } | { kind: Exclude<LedgerAccountKind, OwnedAccountKind>; name?: string };

export const accountKey = (a: AccountRef): string => ('ownerId' in a ? `${a.kind}:${a.ownerId}` : a.name ? `${a.kind}:${a.name}` : a.kind);

export const prestoreOf = (userId: number): AccountRef => ({ kind: 'prestore', ownerId: userId });
export const groupAccountOf = (groupId: number): AccountRef => ({ kind: 'group', ownerId: groupId });

/**
 * The shop's accounts, one per kind (the gateway's per gateway). Migration
 * 0043 made them, so a posting finds them by key in the INSERT of its lines.
 */
export const SHOP_ACCOUNT_KEYS: ReadonlySet<string> = new Set([
  ...LEDGER_ACCOUNT_KINDS.filter((k) => !isOwnedKind(k) && k !== 'gateway'),
  ...GATEWAY_NAMES.map((g) => `gateway:${g}`),
]);

/** What an owned account is called when it is short (the customer's words). */
const SHORT: Record<OwnedAccountKind, string> = {
  prestore: '预存余额不足，请先充值',
  group: '课题组余额不足',
  wallet: '钱包可提现余额不足',
  walletPending: '待入账余额不足',
};

export interface Posting {
  kind: LedgerEntryKind;
  memo: string;
  userId?: number | null;
  orderId?: number | null;
  topupId?: number | null;
  staffId?: number | null;
  lines: readonly { account: AccountRef; amountFen: number }[];
}

export interface Posted {
  entryId: number;
  /** The new balance of each owned account the entry moved, by key. */
  balances: Map<string, number>;
}

/**
 * Writes one entry in t's transaction. Lines on the same account are merged
 * and zero lines dropped; owned accounts move in key order (two entries that
 * touch the same two accounts lock them in the same order, so they never
 * deadlock), each refused with 409 and the account's words if it would go
 * below zero; then the entry and its lines in one statement. An entry that
 * moves one owned account (most do) is all one statement (ADR 0066). The lines
 * must sum to zero (also checked by the database at commit).
 */
export async function postEntry(t: AppContext, p: Posting): Promise<Posted> {
  const merged = new Map<string, { account: AccountRef; amountFen: number }>();
  for (const l of p.lines) {
    if (!Number.isSafeInteger(l.amountFen)) throw new Error(`ledger amount is not a whole number of fen: ${l.amountFen}`);
    const key = accountKey(l.account);
    const prev = merged.get(key);
    merged.set(key, { account: l.account, amountFen: (prev?.amountFen ?? 0) + l.amountFen });
  }
  const lines = [...merged.entries()].filter(([, l]) => l.amountFen !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (lines.reduce((s, [, l]) => s + l.amountFen, 0) !== 0) throw new Error(`ledger entry ${p.kind} does not balance`);
  if (!lines.length) throw new Error(`ledger entry ${p.kind} moves nothing`);

  const at = t.clock();
  const entry = {
    kind: p.kind,
    memo: p.memo,
    userId: p.userId ?? null,
    orderId: p.orderId ?? null,
    topupId: p.topupId ?? null,
    staffId: p.staffId ?? null,
    createdAt: at,
  };
  for (const [key] of lines)
    if (!isOwnedKind(merged.get(key)!.account.kind) && !SHOP_ACCOUNT_KEYS.has(key))
      throw new Error(`ledger account ${key} is not one of the shop's accounts`);
  const owned = lines.filter(([, l]) => isOwnedKind(l.account.kind));
  if (owned.length === 1) {
    // One owned account (a payment, a top-up, a refund …): its move, the entry and the lines in one statement.
    const [key, l] = owned[0]!;
    const all = lines.map(([k, x]) => ({ key: k, amountFen: x.amountFen }));
    let posted = await repo.postOwnedEntry(t.db, { key, amountFen: l.amountFen }, entry, all);
    if (!posted && l.amountFen > 0) {
      // An owned account is made by its first credit (a debit of one that does not exist is short anyway).
      await repo.ensureOwnedAccount(t.db, key, l.account.kind, 'ownerId' in l.account ? l.account.ownerId : null);
      posted = await repo.postOwnedEntry(t.db, { key, amountFen: l.amountFen }, entry, all);
    }
    if (!posted) throw new AppError('CONFLICT', SHORT[l.account.kind as OwnedAccountKind]);
    return { entryId: posted.entryId, balances: new Map([[key, posted.balanceFen]]) };
  }
  const balances = new Map<string, number>();
  const written: repo.LineToWrite[] = [];
  for (const [key, l] of lines) {
    if (!isOwnedKind(l.account.kind)) {
      written.push({ key, accountId: null, amountFen: l.amountFen, balanceAfterFen: null });
      continue;
    }
    let moved = await repo.moveOwnedBalance(t.db, key, l.amountFen);
    if (!moved && l.amountFen > 0) {
      // An owned account is made by its first credit (a debit of one that does not exist is short anyway).
      await repo.ensureOwnedAccount(t.db, key, l.account.kind, 'ownerId' in l.account ? l.account.ownerId : null);
      moved = await repo.moveOwnedBalance(t.db, key, l.amountFen);
    }
    if (!moved) throw new AppError('CONFLICT', SHORT[l.account.kind]);
    balances.set(key, moved.balanceFen);
    written.push({ key, accountId: moved.id, amountFen: l.amountFen, balanceAfterFen: moved.balanceFen });
  }
  const entryId = await repo.insertEntryWithLines(t.db, entry, written);
  return { entryId, balances };
}

/** An owned account's balance (0 before its first line). */
export async function balanceOf(ctx: AppContext, account: AccountRef): Promise<number> {
  return (await repo.findAccount(ctx.db, accountKey(account)))?.balanceFen ?? 0;
}

/** Several owned accounts' balances by key (absent: 0). */
export async function balancesOf(ctx: AppContext, accounts: readonly AccountRef[]): Promise<Map<string, number>> {
  const rows = await repo.findAccounts(ctx.db, accounts.map(accountKey));
  return new Map(rows.map((r) => [r.key, r.balanceFen ?? 0]));
}

export interface StatementQuery {
  kinds?: readonly LedgerEntryKind[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  size: number;
}

/** An account's statement, newest first, each line with the balance after it. */
export async function statementOf(ctx: AppContext, account: AccountRef, q: StatementQuery) {
  const row = await repo.findAccount(ctx.db, accountKey(account));
  if (!row) return { rows: [], total: 0 };
  return repo.listStatement(ctx.db, { accountId: row.id, kinds: q.kinds, from: q.from, to: q.to }, q.size, (q.page - 1) * q.size);
}

/** A statement row as the pages read it (prestore, research group, promoter's wallet). */
export const statementLine = (r: Awaited<ReturnType<typeof statementOf>>['rows'][number]) => ({
  id: r.id,
  kind: r.kind,
  memo: r.memo,
  amountFen: r.amountFen,
  balanceAfterFen: r.balanceAfterFen ?? 0,
  orderId: r.orderId,
  createdAt: r.createdAt.toISOString(),
});

// ---- idempotency -----------------------------------------------------------------------

/** Whose idempotency keys: a customer's, a staff member's, or (signing up, ADR 0061) a phone's. */
export type KeyOwner = { userId: number } | { staffId: number } | { phone: string };
const ownerOf = (o: KeyOwner) => ('userId' in o ? `u:${o.userId}` : 'staffId' in o ? `s:${o.staffId}` : `p:${o.phone}`);

const hashOf = (call: string, body: unknown) =>
  createHash('sha256').update(call).update('\0').update(JSON.stringify(body)).digest('base64url');

/**
 * Runs a money-moving call once per (owner, key) — Stripe's idempotency keys
 * (ADR 0050). In one transaction: claim the key, run fn, store its answer. A
 * repeat of the same call and body answers the stored answer and moves
 * nothing; the same key with another call or body is refused. When fn throws,
 * the transaction rolls back with the claim, so a failed request can be
 * retried with its key.
 */
export async function once<T>(
  ctx: AppContext,
  owner: KeyOwner,
  key: string,
  call: string,
  body: unknown,
  fn: (t: AppContext) => Promise<T>,
): Promise<T> {
  return onceWith(ctx, owner, key, call, body, () => [], fn);
}

type Settled<V> = { ok: true; value: V } | { ok: false; error: unknown };
const settle = <V>(p: Promise<V>): Promise<Settled<V>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * once() whose first reads go to the database with the key's claim, in one round trip (ADR 0072): `reads` are
 * sends as `inOrder` takes them (each puts its statement out before it returns; they run behind the claim, in
 * order). fn gets their answers when the key was claimed; a repeat answers the stored answer whatever they said.
 */
export async function onceWith<T, R extends readonly unknown[]>(
  ctx: AppContext,
  owner: KeyOwner,
  key: string,
  call: string,
  body: unknown,
  reads: (t: AppContext) => { readonly [K in keyof R]: () => Promise<R[K]> },
  fn: (t: AppContext, read: R) => Promise<T>,
): Promise<T> {
  const who = ownerOf(owner);
  const requestHash = hashOf(call, body);
  return ctx.tx(async (t) => {
    const sends = [
      () => repo.claimIdempotencyKey(t.db, { owner: who, key, requestHash, createdAt: t.clock() }),
      ...(reads(t) as readonly (() => Promise<unknown>)[]).map((read) => () => settle(read())),
    ];
    const [claim, ...read] = (await inOrder(t.db, sends)) as [Awaited<ReturnType<typeof repo.claimIdempotencyKey>>, ...Settled<unknown>[]];
    if (claim !== true) {
      if (claim.requestHash !== requestHash) throw new AppError('CONFLICT', '该请求编号已用于另一笔操作，请刷新页面后重试');
      return claim.response as T;
    }
    const failed = read.find((r) => !r.ok);
    if (failed && !failed.ok) throw failed.error;
    const result = await fn(t, read.map((r) => (r.ok ? r.value : undefined)) as unknown as R);
    await repo.storeIdempotentResponse(t.db, who, key, result);
    return result;
  });
}

/**
 * A create call (register, order, booking, demand, invoice application, group
 * application, an address, a console's banner …, ADR 0061 and its addendum):
 * once() with the caller's key, so a repeated request answers the first one's
 * result; a call without a key (a script) just runs. The key stands for the
 * body without the key (`intent`, when given, instead); fn gets that body too,
 * so the key is never written with what it creates.
 */
export function createOnce<T, B extends { idempotencyKey?: string | undefined }>(
  ctx: AppContext,
  owner: KeyOwner,
  call: string,
  body: B,
  fn: (t: AppContext, rest: Omit<B, 'idempotencyKey'>) => Promise<T>,
  intent?: unknown,
): Promise<T> {
  const { idempotencyKey, ...rest } = body;
  return idempotencyKey ? once(ctx, owner, idempotencyKey, call, intent ?? rest, (t) => fn(t, rest)) : fn(ctx, rest);
}

/** Keys are kept this long; a repeat after that is a new request. */
export const IDEMPOTENCY_KEEP_DAYS = 30;

export async function purgeIdempotencyKeys(ctx: AppContext): Promise<number> {
  return repo.purgeIdempotencyKeys(ctx.db, new Date(ctx.clock().getTime() - IDEMPOTENCY_KEEP_DAYS * 86_400_000));
}

// ---- reconciliation --------------------------------------------------------------------

export interface Reconciliation {
  sumFen: number;
  entries: number;
  lines: number;
  unbalanced: { entryId: number; sumFen: number }[];
  /** Owned accounts whose stored balance differs from the sum of their lines. */
  mismatched: { key: string; balanceFen: number; sumFen: number }[];
  /** Balance of each kind (owned kinds summed over owners). */
  byKind: { kind: LedgerAccountKind; accounts: number; sumFen: number }[];
  negative: { key: string; balanceFen: number }[];
}

/** The ledger checked whole: sums to zero, every entry balances, every owned balance equals its lines, none negative. */
export async function reconcileLedger(ctx: AppContext): Promise<Reconciliation> {
  const [totals, unbalanced, accounts] = [
    await repo.ledgerTotals(ctx.db),
    await repo.unbalancedEntries(ctx.db),
    await repo.accountSums(ctx.db),
  ];
  const byKind = new Map<LedgerAccountKind, { accounts: number; sumFen: number }>();
  const mismatched: Reconciliation['mismatched'] = [];
  const negative: Reconciliation['negative'] = [];
  for (const a of accounts) {
    const k = byKind.get(a.kind) ?? { accounts: 0, sumFen: 0 };
    byKind.set(a.kind, { accounts: k.accounts + 1, sumFen: k.sumFen + a.sumFen });
    if (a.balanceFen !== null && a.balanceFen !== a.sumFen) mismatched.push({ key: a.key, balanceFen: a.balanceFen, sumFen: a.sumFen });
    if (a.balanceFen !== null && a.balanceFen < 0) negative.push({ key: a.key, balanceFen: a.balanceFen });
  }
  return {
    sumFen: totals.sumFen,
    entries: totals.entries,
    lines: totals.lines,
    unbalanced,
    mismatched,
    byKind: [...byKind.entries()].map(([kind, v]) => ({ kind, ...v })),
    negative,
  };
}

/** An order's entries of these kinds, oldest first, each with the amount it moved (e.g. the payments a rebate is earned on). */
export async function orderEntries(ctx: AppContext, orderId: number, kinds: readonly LedgerEntryKind[]) {
  return repo.orderEntries(ctx.db, orderId, kinds);
}

export const walletOf = (userId: number): AccountRef => ({ kind: 'wallet', ownerId: userId });
export const walletPendingOf = (userId: number): AccountRef => ({ kind: 'walletPending', ownerId: userId });
