// The one engine every stateful object moves through (ADR 0058). A module
// defines its machine once — its table (contracts), how a row is locked, how
// a move is written — and every change of that object's state is
// `machine.move(ctx, mover, id, action)`: the row lock, reach, the table's
// `by` and `from`, the gate on the parent's state, a compare-and-set, the
// timeline row where the object has one, and the event that the audit log
// and every reacting module subscribe to — all in the caller's transaction.
import type { MachineActor, Transition } from '@yance/contracts/machine';
import { can, PERMISSIONS, STAFF_ROLE_NAMES, type Permission, type StaffRole } from '@yance/contracts/staff';
import type { AuditActorKind } from '@yance/contracts/staff';
import { AppError } from './app-error.ts';
import { eventKey, type EventKey } from './events.ts';

/** Who acted, as the audit log and every timeline keep it (names change; the row keeps the one at the time). */
export interface Actor {
  kind: AuditActorKind;
  id: number | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: '系统' };

/** A staff member acting in the console (the admin scope's caller). */
export interface StaffActing {
  id: number;
  name: string;
  roles: readonly StaffRole[];
}

/** Who moves an object: a customer, a staff member in the console, or the system (jobs, other modules' reactions). */
export type Mover =
  | { kind: 'customer'; userId: number; name: string; ip?: string }
  | { kind: 'staff'; caller: StaffActing; ip?: string }
  | { kind: 'system' };

export const SYSTEM_MOVER: Mover = { kind: 'system' };

/**
 * The one rule of a staff member's words on every timeline: 客户经理 王经理 —
 * the first of their roles that holds one of the permissions they acted
 * under, else their first role.
 */
export function staffTitle(caller: StaffActing, permissions: readonly Permission[]): string {
  const holders = permissions.flatMap((p) => PERMISSIONS[p] as readonly string[]);
  const role = caller.roles.find((r) => holders.includes(r)) ?? caller.roles[0];
  return role ? `${STAFF_ROLE_NAMES[role]} ${caller.name}` : caller.name;
}

/** The audit log's and the timeline's actor for a mover acting under one of `permissions`. */
export function actorOf(mover: Mover, permissions: readonly Permission[]): Actor {
  if (mover.kind === 'customer') return { kind: 'customer', id: mover.userId, name: mover.name };
  if (mover.kind === 'staff') return { kind: 'staff', id: mover.caller.id, name: staffTitle(mover.caller, permissions) };
  return SYSTEM_ACTOR;
}

const permissionsIn = (by: readonly MachineActor[]): Permission[] => by.flatMap((a) => ('permission' in a ? [a.permission] : []));

/**
 * Whether the table's `by` lets this mover take a transition (the object's
 * state aside). `owner` says the customer owns the object's parent (a group's
 * owner); without it, a customer entry means the object's own customer.
 */
export function byAllows(by: readonly MachineActor[], mover: Mover, customerIs: 'self' | 'owner' = 'self'): boolean {
  if (mover.kind === 'system') return by.some((a) => 'system' in a);
  if (mover.kind === 'staff') return permissionsIn(by).some((p) => can(mover.caller.roles, p));
  return by.some((a) => (customerIs === 'owner' ? 'owner' in a : 'customer' in a));
}

/** Whom a move's notice goes to (the NOTICES table says whether one goes at all): the customer, the order it is about, the words' values. */
export interface NoticeAudience {
  userId: number;
  orderId: number | null;
  /** {no}, {name}, {note} … of the notice's words. */
  vars: Record<string, string>;
}

/** A move as the engine announces it: the subscribers' (audit, timeline, reactions) one payload. */
export interface Moved<Row, S extends string = string, A extends string = string> {
  objectType: string;
  objectId: number;
  action: A;
  label: string;
  /** null when the transition made the object. */
  from: S | null;
  to: S;
  /** The row after the move; `before` as it was locked. */
  row: Row;
  before: Row | null;
  mover: Mover;
  actor: Actor;
  at: Date;
  note: string;
  /** Other fields the move changed (audit changes besides the state). */
  changes: Record<string, [unknown, unknown]>;
  ip: string;
  /** Who hears of it, if the notice table sends anything for it (null: nobody). */
  audience(): Promise<NoticeAudience | null>;
}

/** Every move of every machine (the audit log subscribes). */
export const STATE_MOVED = eventKey<Moved<unknown>>('state.moved');

/** Every machine's object types with an audience (the notice test reads it). */
export const HAS_AUDIENCE = new Set<string>();

/** The context the engine needs: a transaction, the clock and the event bus (AppContext is one). */
export interface MachineContext<Ctx> {
  tx<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T>;
  clock(): Date;
  emit<P>(key: EventKey<P>, payload: P): Promise<void>;
}

type Table<S extends string, F> = Record<string, Transition<S, F>>;

/** The parent whose state gates some transitions (an order for its samples). */
export interface ParentGate<Ctx, Row> {
  /** The parent's state, read under its lock in the mover's transaction. */
  state(ctx: Ctx, row: Row): Promise<string>;
  /** The Chinese words when the parent's state refuses the transition. */
  refused(state: string, action: string): string;
}

export interface MachineDef<
  Ctx extends MachineContext<Ctx>,
  Row extends { id: number; state: S },
  S extends string,
  T extends Table<S, F>,
  F,
> {
  /** The audit log's object type (order, sample, booking …). */
  objectType: string;
  table: T;
  names: Record<S, string>;
  /** 订单 in 「订单状态已变化（当前为「待付款」），请刷新后重试」. */
  noun: string;
  /** The 404 words when the row is missing or out of the mover's reach. */
  missing: string;
  /** Locks and reads the row (SELECT … FOR UPDATE). */
  lock(ctx: Ctx, id: number): Promise<Row | undefined>;
  /** Whether the mover may see the row at all (a stranger's answers as missing); default: everyone. */
  reach?(ctx: Ctx, mover: Mover, row: Row): Promise<boolean> | boolean;
  /** How a customer mover relates to the row for the table's `by` (a group's owner vs the row's customer). */
  customerIs?(ctx: Ctx, mover: Mover & { kind: 'customer' }, row: Row): 'self' | 'owner' | Promise<'self' | 'owner'>;
  /** Writes the new state with a compare-and-set on `from`; undefined when the row was not in `from`. */
  write(ctx: Ctx, row: Row, from: S, to: S, at: Date, set: Record<string, unknown>): Promise<Row | undefined>;
  /** The facts a computed `to` depends on. */
  facts?(ctx: Ctx, row: Row, action: keyof T & string): Promise<F>;
  /** The gate of the transitions that name `parentIn`. */
  parent?: ParentGate<Ctx, Row>;
  /** Rules of an action beyond the table (timing, money), checked after the state; throw an AppError to refuse. */
  check?(ctx: Ctx, mover: Mover, row: Row, action: keyof T & string): Promise<void>;
  /** Words for a missing required note. */
  noteMissing?(action: keyof T & string): string;
  /** The object's timeline (orders, bookings, demands), written with the move. */
  timeline?(ctx: Ctx, moved: Moved<Row, S, keyof T & string>): Promise<void>;
  /** The actor's words when they differ from the one rule (a customer's name read under lock). */
  actor?(ctx: Ctx, mover: Mover, row: Row, permissions: readonly Permission[]): Promise<Actor>;
  /** Whom the object's notices go to (notices.ts says which moves send one); without it, nobody. */
  audience?(ctx: Ctx, row: Row, action: keyof T & string, note: string): Promise<NoticeAudience | null> | NoticeAudience | null;
}

export interface MoveOptions<Ctx, Row> {
  /** The state the actor saw (the console sends it): another state answers 409 even if the action could leave it. */
  expect?: string;
  note?: string;
  /**
   * Changes made with the move, under the row's lock, after the checks and
   * before the next state is computed (a quote prices the lines); the
   * answered fields enter the audit row.
   */
  apply?(ctx: Ctx, row: Row): Promise<Record<string, [unknown, unknown]> | void>;
  /**
   * apply puts all its statements on the connection before its first await (one `inOrder`), and neither the next
   * state nor the write depends on what it changes: the compare-and-set is then sent right behind them and both are
   * awaited together — one round trip instead of two (ADR 0082). A refusal from apply still rolls the move back with
   * the transaction.
   */
  pipelined?: boolean;
  /** The row as the caller locked and reached it in the same transaction (not locked and read again). */
  locked?: Row;
  /** Fields written with the state (courier numbers, a keep day): passed to the machine's write, and logged. */
  set?: Record<string, unknown>;
}

export interface Machine<Ctx, Row, S extends string, A extends string> {
  objectType: string;
  table: Record<A, Transition<S, never>>;
  names: Record<S, string>;
  /** The event of this machine's moves (typed), emitted after the timeline, in the same transaction. */
  moved: EventKey<Moved<Row, S, A>>;
  /** 订单状态已变化（当前为「待付款」），请刷新后重试. */
  stale(state: S): string;
  canLeave(action: A, state: S): boolean;
  /** Whether the table's `by` lets the mover take the action (state aside; customers as the row's own). */
  mayTake(mover: Mover, action: A, customerIs?: 'self' | 'owner'): boolean;
  /** The actions the mover may take from this state (a detail page's buttons). */
  actionsFor(mover: Mover, state: S, customerIs?: 'self' | 'owner'): A[];
  /** Moves the row by one action, inside the caller's transaction (or its own). */
  move(ctx: Ctx, mover: Mover, target: number | Row, action: A, opts?: MoveOptions<Ctx, Row>): Promise<Row>;
  /**
   * Records a transition that made the object (from: []), in the transaction that inserted it: who may, the gate
   * on the parent's state (refused, the insert rolls back with it), the audit row, the event.
   */
  created(
    ctx: Ctx,
    mover: Mover,
    row: Row,
    action: A,
    opts?: { note?: string; changes?: Record<string, [unknown, unknown]> },
  ): Promise<Row>;
  /** The audit/timeline actor of a mover taking this action. */
  actorFor(mover: Mover, action: A): Actor;
}

/** Every machine defined, by object type (the architecture test lists them). */
export const MACHINES = new Map<string, Machine<unknown, unknown, string, string>>();

const auditValue = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
const ipOf = (mover: Mover) => (mover.kind === 'system' ? '' : (mover.ip ?? ''));

export function defineMachine<
  Ctx extends MachineContext<Ctx>,
  Row extends { id: number; state: S },
  S extends string,
  T extends Table<S, F>,
  F = never,
>(def: MachineDef<Ctx, Row, S, T, F>): Machine<Ctx, Row, S, keyof T & string> {
  type A = keyof T & string;
  const rule = (action: A): Transition<S, F> => def.table[action]!;
  const stale = (state: S) => `${def.noun}状态已变化（当前为「${def.names[state]}」），请刷新后重试`;
  const canLeave = (action: A, state: S) => rule(action).from.includes(state);
  const mayTake = (mover: Mover, action: A, customerIs: 'self' | 'owner' = 'self') => byAllows(rule(action).by, mover, customerIs);
  const actorFor = (mover: Mover, action: A) => actorOf(mover, permissionsIn(rule(action).by));
  const moved = eventKey<Moved<Row, S, A>>(`${def.objectType}.moved`);

  const audienceOf = (t: Ctx, row: Row, action: A, note: string) => async () =>
    def.audience ? ((await def.audience(t, row, action, note)) ?? null) : null;

  async function announce(t: Ctx, m: Moved<Row, S, A>): Promise<void> {
    if (def.timeline) await def.timeline(t, m);
    await t.emit(STATE_MOVED, m as Moved<unknown>);
    await t.emit(moved, m);
  }

  async function actorOfMove(t: Ctx, mover: Mover, row: Row, action: A): Promise<Actor> {
    return def.actor ? def.actor(t, mover, row, permissionsIn(rule(action).by)) : actorFor(mover, action);
  }

  const machine: Machine<Ctx, Row, S, A> = {
    objectType: def.objectType,
    table: def.table as unknown as Record<A, Transition<S, never>>,
    names: def.names,
    moved,
    stale,
    canLeave,
    mayTake,
    actionsFor: (mover, state, customerIs) =>
      (Object.keys(def.table) as A[]).filter((a) => canLeave(a, state) && mayTake(mover, a, customerIs)),
    actorFor,

    async move(ctx, mover, target, action, opts = {}) {
      return ctx.tx(async (t) => {
        const id = typeof target === 'number' ? target : target.id;
        const row = opts.locked?.id === id ? opts.locked : typeof target === 'number' ? await def.lock(t, id) : target;
        if (!row || (def.reach && !(await def.reach(t, mover, row)))) throw new AppError('NOT_FOUND', def.missing);
        const customerIs = mover.kind === 'customer' && def.customerIs ? await def.customerIs(t, mover, row) : 'self';
        if (!mayTake(mover, action, customerIs))
          throw def.customerIs && mover.kind === 'customer'
            ? new AppError('NOT_FOUND', def.missing)
            : new AppError('FORBIDDEN', '您没有权限执行此操作');
        const tr = rule(action);
        const from = row.state;
        if ((opts.expect !== undefined && opts.expect !== from) || !tr.from.includes(from)) throw new AppError('CONFLICT', stale(from));
        const note = opts.note?.trim() ?? '';
        if (tr.note === 'required' && !note) throw new AppError('INVALID', def.noteMissing?.(action) ?? '[备注]不能为空');
        if (tr.parentIn && def.parent) {
          const parentState = await def.parent.state(t, row);
          if (!tr.parentIn.includes(parentState)) throw new AppError('CONFLICT', def.parent.refused(parentState, action));
        }
        if (def.check) await def.check(t, mover, row, action);
        const set = opts.set ?? {};
        const at = t.clock();
        // A pipelined apply is awaited only once the write is on the wire behind its statements (ADR 0082).
        const applying = opts.apply?.(t, row);
        applying?.catch(() => {});
        if (!opts.pipelined) await applying;
        const to = typeof tr.to === 'function' ? tr.to(await def.facts!(t, row, action)) : tr.to;
        const writing = def.write(t, row, from, to, at, set);
        writing.catch(() => {});
        const changes = (await applying) ?? {};
        const after = await writing;
        for (const [k, v] of Object.entries(set)) changes[k] = [auditValue(row[k as keyof Row]), auditValue(v)];
        // The lock makes this unreachable on one database; kept so a change of locking can never move a row twice.
        if (!after) throw new AppError('CONFLICT', stale(from));
        const actor = await actorOfMove(t, mover, row, action);
        await announce(t, {
          objectType: def.objectType,
          objectId: row.id,
          action,
          label: tr.label,
          from,
          to,
          row: after,
          before: row,
          mover,
          actor,
          at,
          note,
          changes,
          ip: ipOf(mover),
          audience: audienceOf(t, after, action, note),
        });
        return after;
      });
    },

    async created(ctx, mover, row, action, opts = {}) {
      const tr = rule(action);
      if (tr.from.length) throw new Error(`${def.objectType}.${action} does not make an object`);
      if (typeof tr.to === 'string' && tr.to !== row.state)
        throw new Error(`${def.objectType}.${action} makes it ${tr.to}, not ${row.state}`);
      if (!mayTake(mover, action, mover.kind === 'customer' && def.customerIs ? await def.customerIs(ctx, mover, row) : 'self'))
        throw new AppError('FORBIDDEN', '您没有权限执行此操作');
      // A made object is gated by its parent's state too (a result file only on an order the lab works on).
      if (tr.parentIn && def.parent) {
        const parentState = await def.parent.state(ctx, row);
        if (!tr.parentIn.includes(parentState)) throw new AppError('CONFLICT', def.parent.refused(parentState, action));
      }
      const actor = await actorOfMove(ctx, mover, row, action);
      await announce(ctx, {
        objectType: def.objectType,
        objectId: row.id,
        action,
        label: tr.label,
        from: null,
        to: row.state,
        row,
        before: null,
        mover,
        actor,
        at: ctx.clock(),
        note: opts.note?.trim() ?? '',
        changes: opts.changes ?? {},
        ip: ipOf(mover),
        audience: audienceOf(ctx, row, action, opts.note?.trim() ?? ''),
      });
      return row;
    },
  };
  if (def.audience) HAS_AUDIENCE.add(def.objectType);
  MACHINES.set(def.objectType, machine as unknown as Machine<unknown, unknown, string, string>);
  return machine;
}
