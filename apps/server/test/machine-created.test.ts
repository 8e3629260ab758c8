// machine.created (ADR 0058, ADR 0060): a transition that makes an object records it only when the row was made in
// the state the table says — a made row in another state is a programming error, not an audit row that lies.
import { CUSTOMER, SYSTEM } from '@yance/contracts/machine';
import { afterAll, describe, expect, it } from 'vitest';
import { defineMachine, HAS_AUDIENCE, MACHINES, SYSTEM_MOVER, type Moved } from '../src/lib/state-machine.ts';

// The suite's files share modules (isolate: false): the test machine leaves the registry of the app's machines
// when this file ends, so the tests that walk every machine (notice table, writers) never meet it.
afterAll(() => {
  MACHINES.delete('test_created');
  HAS_AUDIENCE.delete('test_created');
});

type Row = { id: number; state: 'open' | 'shut' };
const TABLE = {
  open: { label: '开', from: [], to: 'open', by: [SYSTEM] },
  shut: { label: '关', from: ['open'], to: 'shut', by: [CUSTOMER] },
} as const;

interface TestCtx {
  tx<T>(fn: (c: TestCtx) => Promise<T>): Promise<T>;
  clock(): Date;
  emit(key: unknown, payload: unknown): Promise<void>;
}

function testMachine() {
  const emitted: Moved<unknown>[] = [];
  const ctx: TestCtx = {
    tx: (fn) => fn(ctx),
    clock: () => new Date('2026-11-28T00:00:00Z'),
    emit: async (_key: unknown, payload: unknown) => void emitted.push(payload as Moved<unknown>),
  };
  const machine = defineMachine<TestCtx, Row, Row['state'], typeof TABLE>({
    objectType: 'test_created',
    table: TABLE,
    names: { open: '开着', shut: '关着' },
    noun: '测试',
    missing: '不存在',
    lock: async () => undefined,
    write: async () => undefined,
  });
  return { machine, ctx, emitted };
}

describe('machine.created', () => {
  it('announces a row made in the transition’s state, from null', async () => {
    const { machine, ctx, emitted } = testMachine();
    await machine.created(ctx, SYSTEM_MOVER, { id: 1, state: 'open' }, 'open', { changes: { size: [null, 3] } });
    expect(emitted[0]).toMatchObject({ objectType: 'test_created', action: 'open', from: null, to: 'open', changes: { size: [null, 3] } });
  });

  it('refuses a row made in another state, and a transition that does not make one', async () => {
    const { machine, ctx, emitted } = testMachine();
    await expect(machine.created(ctx, SYSTEM_MOVER, { id: 1, state: 'shut' }, 'open')).rejects.toThrow('makes it open, not shut');
    await expect(machine.created(ctx, SYSTEM_MOVER, { id: 1, state: 'shut' }, 'shut')).rejects.toThrow('does not make an object');
    expect(emitted).toEqual([]);
  });
});
