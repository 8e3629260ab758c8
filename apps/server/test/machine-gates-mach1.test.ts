// The booking, demand and group-member machines (ADR 0058): none of their
// transitions is gated by another object's state (no `parentIn`), so the gate
// tried here is each table's own `from`: every action, taken by the mover its
// `by` names, from every state of its object — it moves exactly where the
// table says, otherwise 409 with the machine's Chinese words and nothing kept.
// And the reach: a stranger's move answers as a missing object (404).
import { eq } from 'drizzle-orm';
import { BOOKING_STATES, BOOKING_TRANSITIONS } from '@yance/contracts/booking-states';
import { CLUSTER_MEMBER_STATES, CLUSTER_MEMBER_TRANSITIONS, NO_CLUSTER_MEMBER } from '@yance/contracts/cluster';
import { DEMAND_STATES, DEMAND_TRANSITIONS } from '@yance/contracts/demand';
import type { MachineActor } from '@yance/contracts/machine';
import type { Fen } from '@yance/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { booking, cluster, clusterMember, demand } from '../src/db/schema.ts';
import type { Mover } from '../src/lib/state-machine.ts';
import { bookingMachine, NO_BOOKING } from '../src/modules/reservation/booking-transition.ts';
import { memberMachine } from '../src/modules/cluster/cluster-transition.ts';
import { demandMachine } from '../src/modules/demand/demand-transition.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { tryRolledBack } from './machine-helpers.ts';
import { testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { orderingCustomer } from './order-factories.ts';

let t: TestApp;
let ctx: AppContext;
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
/** The customer of the booking and the demand, and the member of the group's row. */
let customer: number;
let owner: number;
let stranger: number;
let bookingId: number;
let demandId: number;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  ctx = testRunner(t, clock.now, {}).ctx;
  customer = (await orderingCustomer(t, clock)).id;
  owner = (await orderingCustomer(t, clock)).id;
  stranger = (await orderingCustomer(t, clock)).id;
  const at = clock.now();
  // A booking of yesterday 09:00 (China time): the lab may check it in and mark it a no-show.
  const [b] = await t.db
    .insert(booking)
    .values({
      userId: customer,
      deviceId: null,
      rid: 'd0',
      name: '扫描电镜',
      instrument: '',
      unit: 'hour',
      unitFen: 100 as Fen,
      amountFen: 100 as Fen,
      date: '2026-11-21',
      startMinute: 540,
      minutes: 60,
      startsAt: new Date('2026-11-21T01:00:00Z'),
      endsAt: new Date('2026-11-21T02:00:00Z'),
      remark: '',
      state: 'booked',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  bookingId = b!.id;
  const [d] = await t.db
    .insert(demand)
    .values({
      userId: customer,
      title: '定制检测',
      description: '—',
      contactName: '张同学',
      contactPhone: '13800000001',
      attachments: [],
      state: 'open',
      validUntil: '2099-12-31',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  demandId = d!.id;
  const [g] = await t.db
    .insert(cluster)
    .values({ name: `门禁课题组${Date.now()}`, institution: '某大学', ownerId: owner, createdAt: at, updatedAt: at })
    .returning();
  const [m] = await t.db.insert(clusterMember).values({ clusterId: g!.id, userId: customer, state: 'applied', createdAt: at }).returning();
  memberId = m!.id;
});
afterAll(() => t.close());

/** The mover the table's `by` names: staff with every role where a permission is named, else the customer, the owner or the system. */
function moverFor(by: readonly MachineActor[]): Mover {
  if (by.some((a) => 'permission' in a)) return { kind: 'staff', caller: { id: 1, name: '管理员', roles: ['admin'] }, ip: '' };
  if (by.some((a) => 'customer' in a)) return { kind: 'customer', userId: customer, name: '客户' };
  if (by.some((a) => 'owner' in a)) return { kind: 'customer', userId: owner, name: '负责人' };
  return { kind: 'system' };
}

/** Runs `fn` with the row put in its state first, then rolls everything back; answers the refusal, or null when it moved. */
const attempt = (put: (tx: AppContext) => Promise<unknown>, fn: (tx: AppContext) => Promise<unknown>) =>
  tryRolledBack(ctx, async (tx) => {
    await put(tx);
    await fn(tx);
  });

describe('bookings: every action from every state', () => {
  for (const [action, tr] of Object.entries(BOOKING_TRANSITIONS) as [
    keyof typeof BOOKING_TRANSITIONS,
    (typeof BOOKING_TRANSITIONS)['cancel'],
  ][])
    it(`${action}: only from ${tr.from.join('/')}`, async () => {
      const before = await t.db.select().from(booking).where(eq(booking.id, bookingId));
      for (const state of BOOKING_STATES) {
        const got = await attempt(
          (tx) => tx.db.update(booking).set({ state }).where(eq(booking.id, bookingId)),
          (tx) => bookingMachine.move(tx, moverFor(tr.by), bookingId, action),
        );
        const expected = (tr.from as readonly string[]).includes(state) ? null : `CONFLICT ${bookingMachine.stale(state)}`;
        expect(got, `${action} from ${state}`).toBe(expected);
      }
      expect(await t.db.select().from(booking).where(eq(booking.id, bookingId))).toEqual(before);
    });

  it('another customer’s booking answers as a missing one', async () => {
    const got = await attempt(
      async () => {},
      (tx) => bookingMachine.move(tx, { kind: 'customer', userId: stranger, name: '路人' }, bookingId, 'cancel'),
    );
    expect(got).toBe(`NOT_FOUND ${NO_BOOKING}`);
  });
});

describe('demands: every action from every state', () => {
  for (const [action, tr] of Object.entries(DEMAND_TRANSITIONS) as [
    keyof typeof DEMAND_TRANSITIONS,
    (typeof DEMAND_TRANSITIONS)['quote'],
  ][]) {
    if (!tr.from.length) continue; // submit makes the demand
    it(`${action}: only from ${tr.from.join('/')}`, async () => {
      for (const state of DEMAND_STATES) {
        const got = await attempt(
          (tx) => tx.db.update(demand).set({ state }).where(eq(demand.id, demandId)),
          (tx) => demandMachine.move(tx, moverFor(tr.by), demandId, action),
        );
        const expected = (tr.from as readonly string[]).includes(state) ? null : `CONFLICT ${demandMachine.stale(state)}`;
        expect(got, `${action} from ${state}`).toBe(expected);
      }
    });
  }
});

describe('group members: every action from every state, by the owner or the row’s own customer', () => {
  for (const [action, tr] of Object.entries(CLUSTER_MEMBER_TRANSITIONS) as [
    keyof typeof CLUSTER_MEMBER_TRANSITIONS,
    (typeof CLUSTER_MEMBER_TRANSITIONS)['agree'],
  ][]) {
    if (!tr.from.length) continue; // create, apply and add make the row
    it(`${action}: only from ${tr.from.join('/')}`, async () => {
      for (const state of CLUSTER_MEMBER_STATES) {
        const got = await attempt(
          (tx) => tx.db.update(clusterMember).set({ state }).where(eq(clusterMember.id, memberId)),
          (tx) => memberMachine.move(tx, moverFor(tr.by), memberId, action),
        );
        const expected = (tr.from as readonly string[]).includes(state) ? null : `CONFLICT ${memberMachine.stale(state)}`;
        expect(got, `${action} from ${state}`).toBe(expected);
      }
    });
  }

  it('a stranger, and a member taking the owner’s action, get the 404 of a missing member', async () => {
    const as = (userId: number): Mover => ({ kind: 'customer', userId, name: '某人' });
    const put = (tx: AppContext) => tx.db.update(clusterMember).set({ state: 'member' }).where(eq(clusterMember.id, memberId));
    expect(await attempt(put, (tx) => memberMachine.move(tx, as(stranger), memberId, 'leave'))).toBe(`NOT_FOUND ${NO_CLUSTER_MEMBER}`);
    expect(await attempt(put, (tx) => memberMachine.move(tx, as(customer), memberId, 'remove'))).toBe(`NOT_FOUND ${NO_CLUSTER_MEMBER}`);
    expect(await attempt(put, (tx) => memberMachine.move(tx, as(owner), memberId, 'leave'))).toBe(`NOT_FOUND ${NO_CLUSTER_MEMBER}`);
  });
});
