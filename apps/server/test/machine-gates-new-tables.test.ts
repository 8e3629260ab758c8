// The gates across objects of the four machines that had no table before issue 20 (ADR 0058):
// every action of the sampling request, the result file and the order's contract is tried —
// a move from its first `from` state, or the making of the object (from: []) — from every
// state of the order; the engine lets it through exactly where the table's `parentIn` says
// and otherwise answers 409 with the Chinese words, changing nothing.
import { eq } from 'drizzle-orm';
import { CONTRACT_ACTIONS, CONTRACT_TRANSITIONS, contractRefusal } from '@yance/contracts/contract-states';
import type { MachineActor } from '@yance/contracts/machine';
import { ORDER_STATES, type OrderState } from '@yance/contracts/order-states';
import { RESULT_FILE_ACTIONS, RESULT_FILE_TRANSITIONS, resultFileRefusal } from '@yance/contracts/result-file-states';
import { SAMPLING_ACTIONS, SAMPLING_TRANSITIONS, samplingRefusal } from '@yance/contracts/sampling-states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderContract, orders, resultFile, samplingRequest } from '../src/db/schema.ts';
import type { AppContext } from '../src/context.ts';
import type { Mover } from '../src/lib/state-machine.ts';
import { contractMachine } from '../src/modules/contract/contract.service.ts';
import { resultFileMachine } from '../src/modules/lab/result-file.service.ts';
import { samplingMachine } from '../src/modules/sampling/sampling.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { tryRolledBack } from './machine-helpers.ts';
import { testClock } from './factories.ts';
import { testRunner } from './job-helpers.ts';
import { orderingCustomer, placeOrder } from './order-factories.ts';

let t: TestApp;
let ctx: AppContext;
let order: { id: number; userId: number };
beforeAll(async () => {
  t = await createTestApp();
  ctx = testRunner(t, testClock().now, {}).ctx;
  const user = await orderingCustomer(t);
  const placed = await placeOrder(t, user);
  const [row] = await t.db.select().from(orders).where(eq(orders.no, placed.no));
  order = { id: row!.id, userId: row!.userId };
});
afterAll(() => t.close());

/** Who the table lets take the action: the order's customer, a staff member with every role, or the system. */
function moverFor(by: readonly MachineActor[]): Mover {
  const first = by[0]!;
  if ('customer' in first) return { kind: 'customer', userId: order.userId, name: '客户' };
  if ('permission' in first) return { kind: 'staff', caller: { id: 1, name: '管理员', roles: ['admin'] }, ip: '' };
  return { kind: 'system' };
}

/** Runs `act` with the order in `parent`, then rolls back: the refusal, or null when it went through. */
const attempt = (parent: OrderState, act: (tx: AppContext) => Promise<void>) =>
  tryRolledBack(ctx, async (tx) => {
    await tx.db.update(orders).set({ state: parent }).where(eq(orders.id, order.id));
    await act(tx);
  });

/** What the tries must leave as it was: the order's requests, files and contract. */
const kept = async () => ({
  requests: await t.db.select().from(samplingRequest).where(eq(samplingRequest.orderId, order.id)),
  files: await t.db.select().from(resultFile).where(eq(resultFile.orderId, order.id)),
  contract: await t.db.select().from(orderContract).where(eq(orderContract.orderId, order.id)),
  order: (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.state,
});

const newRequest = (tx: AppContext, type: 0 | 1, state: 'active' | 'cancelled' = 'active') =>
  tx.db
    .insert(samplingRequest)
    .values({ orderId: order.id, userId: order.userId, type, state, createdAt: tx.clock() })
    .returning()
    .then((r) => r[0]!);

const newFile = (tx: AppContext, state: 'pending' | 'approved' | 'rejected' = 'pending') =>
  tx.db
    .insert(resultFile)
    .values({ orderId: order.id, key: 'u/r/00/gate', name: 'gate.xy', contentType: 'text/plain', bytes: 1, uploadedAt: tx.clock(), state })
    .returning()
    .then((r) => r[0]!);

describe('a sampling request’s actions gated by its order’s state', () => {
  for (const action of SAMPLING_ACTIONS) {
    const tr = SAMPLING_TRANSITIONS[action];
    it(`${action}: allowed exactly in ${tr.parentIn.join('/')}`, async () => {
      const before = await kept();
      for (const parent of ORDER_STATES) {
        const outcome = await attempt(parent, async (tx) => {
          const mover = moverFor(tr.by);
          if (action === 'send' || action === 'book') {
            const row = await newRequest(tx, action === 'book' ? 1 : 0);
            await samplingMachine.created(tx, mover, row, action);
            return;
          }
          const row = await newRequest(tx, 1, tr.from[0]);
          expect((await samplingMachine.move(tx, mover, row.id, action)).state).toBe(tr.to);
        });
        const refusal = samplingRefusal(action, parent);
        expect(outcome, `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      expect(await kept()).toEqual(before);
    });
  }

  it('keeps the customer’s words', () => {
    expect(samplingRefusal('send', 'awaitingPickup')).toBe('订单当前为「待取样」，不能填写快递单号');
    expect(samplingRefusal('book', 'awaitingSample')).toBe('订单当前为「待寄样」，不能预约上门取样');
    expect(samplingRefusal('cancel', 'received')).toBe('实验室已收样，无法取消取样申请');
    expect(samplingRefusal('unassign', 'received')).toBe('订单当前为「已收样」，不能安排取样员');
  });
});

describe('a result file’s actions gated by its order’s state', () => {
  for (const action of RESULT_FILE_ACTIONS) {
    const tr = RESULT_FILE_TRANSITIONS[action];
    it(`${action}: allowed exactly in ${tr.parentIn.join('/')}`, async () => {
      const before = await kept();
      for (const parent of ORDER_STATES) {
        const outcome = await attempt(parent, async (tx) => {
          const mover = moverFor(tr.by);
          if (action === 'upload') {
            await resultFileMachine.created(tx, mover, await newFile(tx), action);
            return;
          }
          const row = await newFile(tx, tr.from[0]);
          expect((await resultFileMachine.move(tx, mover, row.id, action, { note: '重测' })).state).toBe(tr.to);
        });
        const refusal = resultFileRefusal(action, parent);
        expect(outcome, `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      expect(await kept()).toEqual(before);
    });
  }

  it('keeps the lab’s words for a cancelled order', () => {
    expect(resultFileRefusal('upload', 'cancelled')).toBe('订单已取消，不能上传结果文件');
    expect(resultFileRefusal('approve', 'contracting')).toBe('订单当前为「待签约」，不能审核结果文件');
  });
});

describe('an order contract’s actions gated by its order’s state', () => {
  for (const action of CONTRACT_ACTIONS) {
    const tr = CONTRACT_TRANSITIONS[action];
    it(`${action}: allowed exactly in ${tr.parentIn.join('/')}`, async () => {
      const before = await kept();
      for (const parent of ORDER_STATES) {
        const outcome = await attempt(parent, async (tx) => {
          // A contract without a row is `none` (the first scan makes it); the others start from a stored scan.
          if (tr.from[0] !== 'none') await tx.db.insert(orderContract).values({ orderId: order.id, state: tr.from[0] });
          const moved = await contractMachine.move(tx, moverFor(tr.by), order.id, action, { note: '缺少盖章' });
          expect(moved.state).toBe(tr.to);
        });
        const refusal = contractRefusal(action, parent);
        expect(outcome, `${action} with the order ${parent}`).toBe(refusal && `CONFLICT ${refusal}`);
      }
      expect(await kept()).toEqual(before);
    });
  }

  it('keeps the words of a contract past 待签约', () => {
    expect(contractRefusal('upload', 'unpaid')).toBe('订单当前为「待付款」，不能上传签署合同');
    expect(contractRefusal('reject', 'cancelled')).toBe('订单当前为「已取消」，不能退回签署合同');
  });
});
