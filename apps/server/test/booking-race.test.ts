import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN } from '@yance/contracts/booking-rules';
import { booking, bookingSlot, device } from '../src/db/schema.ts';
import { createTwinApps, type TestApp } from './create-test-app.ts';
import { callApi, testClock } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';

// Two app instances on one database (two processes with their own pools on PostgreSQL): two customers want the same half hours.
const clock = testClock(new Date('2026-11-22T08:00:00Z'));
let twins: Awaited<ReturnType<typeof createTwinApps>>;
beforeAll(async () => {
  twins = await createTwinApps({ clock: clock.now });
});
afterAll(async () => twins.close());

const wish = (start: string, minutes: number) => ({ rid: 'd20003', date: '2026-11-24', start, minutes, remark: '' });

describe('double booking across processes', () => {
  it('one of two overlapping bookings sent at once to two instances wins; the other gets 409 and leaves nothing', async () => {
    const a: TestApp = twins.a;
    const b: TestApp = twins.b;
    for (let round = 0; round < 5; round++) {
      const u1 = await orderingCustomer(a, clock);
      const u2 = await orderingCustomer(b, clock);
      const start = `${String(9 + round).padStart(2, '0')}:00`;
      const results = await Promise.all([
        callApi(a, 'reservationAdd', { token: u1.tokens.token, body: wish(start, 60) }),
        callApi(b, 'reservationAdd', { token: u2.tokens.token, body: wish(`${String(9 + round).padStart(2, '0')}:30`, 60) }),
      ]);
      expect(
        results.filter((r) => r.body.code === 1),
        JSON.stringify(results.map((r) => r.body.msg)),
      ).toHaveLength(1);
      const loser = results.find((r) => r.body.code !== 1)!;
      expect(loser).toMatchObject({ status: 409, body: { msg: SLOT_TAKEN } });
    }
    const [sem] = await twins.a.db.select({ id: device.id }).from(device).where(eq(device.rid, 'd20003'));
    const slots = await twins.a.db.select().from(bookingSlot).where(eq(bookingSlot.deviceId, sem!.id));
    const rows = await twins.a.db.select().from(booking).where(eq(booking.deviceId, sem!.id));
    // Five winners of an hour each; the losers' rows were rolled back with their slots.
    expect(rows).toHaveLength(5);
    expect(slots).toHaveLength(10);
  });
});
