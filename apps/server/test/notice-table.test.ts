// The notice table covers every machine (ADR 0058): each move of each state
// machine has its row in NOTICES — the words and channels a customer gets, or
// why they need none — and a machine whose moves send notices says whom to.
import { isNotice, NOTICES } from '@yance/contracts/notices';
import { describe, expect, it } from 'vitest';
import { HAS_AUDIENCE, MACHINES } from '../src/lib/state-machine.ts';
// The app imports every module, so every machine is defined.
import '../src/app.ts';

describe('the notice table', () => {
  const rows = NOTICES as Record<string, (typeof NOTICES)[keyof typeof NOTICES]>;

  it('has a row for every move of every machine', () => {
    const missing = [...MACHINES.values()].flatMap((m) =>
      Object.keys(m.table)
        .map((action) => `${m.objectType}.${action}`)
        .filter((key) => !(key in rows)),
    );
    expect(missing).toEqual([]);
  });

  it('names only moves that exist', () => {
    const known = new Set([...MACHINES.values()].flatMap((m) => Object.keys(m.table).map((a) => `${m.objectType}.${a}`)));
    expect(Object.keys(rows).filter((k) => !known.has(k))).toEqual([]);
  });

  it('sends notices only for machines that know their audience', () => {
    const deaf = Object.entries(rows)
      .filter(([, row]) => isNotice(row))
      .map(([key]) => key.split('.')[0]!)
      .filter((type) => !HAS_AUDIENCE.has(type));
    expect([...new Set(deaf)]).toEqual([]);
  });
});
