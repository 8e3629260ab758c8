// Every state column is written by its machine only (ADR 0058): each machine's compare-and-set lives in its
// module's repository and is called from the machine's `write` and nowhere else; a repository function that
// sets a `state` column must be one of them (or the job queue's and the notice outbox's own bookkeeping).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TRANSITION_TABLES } from '@yance/contracts/machines';
import { describe, expect, it } from 'vitest';
import '../src/app.ts';
import { MACHINES } from '../src/lib/state-machine.ts';

const MODULES = path.resolve(import.meta.dirname, '../src/modules');

/** objectType → [module, repository file, the function that writes its state]. */
const WRITERS: Record<string, [string, string, string]> = {
  order: ['order', 'order.repository.ts', 'moveState'],
  sample: ['lab', 'lab.repository.ts', 'setSampleState'],
  result_file: ['lab', 'lab.repository.ts', 'setFileState'],
  sampling: ['sampling', 'sampling.repository.ts', 'setRequestState'],
  contract: ['contract', 'contract.repository.ts', 'setContractState'],
  booking: ['reservation', 'reservation.repository.ts', 'moveState'],
  demand: ['demand', 'demand.repository.ts', 'moveState'],
  invoice: ['invoice', 'invoice.repository.ts', 'moveApplication'],
  topup: ['payment', 'topup.repository.ts', 'moveTopup'],
  refund: ['payment', 'refund.repository.ts', 'markRefunded'],
  user_coupon: ['coupon', 'coupon.repository.ts', 'moveCoupon'],
  inviteReward: ['invite', 'invite.repository.ts', 'moveReward'],
  promoter: ['promotion', 'promotion.repository.ts', 'movePromoter'],
  rebate: ['promotion', 'promotion.repository.ts', 'moveRebate'],
  withdrawal: ['promotion', 'promotion.repository.ts', 'moveWithdrawal'],
  cluster_member: ['cluster', 'cluster.repository.ts', 'moveMemberState'],
  customer: ['customer', 'customer.repository.ts', 'setAttestationState'],
};

/** State writes that are not a business object's: the job queue's runs and the notice outbox's deliveries. */
const INFRASTRUCTURE = ['job/failAbandoned', 'job/claimDue', 'job/markDone', 'job/markTryFailed', 'notify/markDelivered'];

const read = (mod: string, file: string) => readFileSync(path.join(MODULES, mod, file), 'utf8');
const sources = (mod: string) =>
  readdirSync(path.join(MODULES, mod)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.repository.ts'));

/** The text of each `.set( … )` call in `body`. */
function setCalls(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/\.set\(/g)) {
    let i = m.index + m[0].length;
    for (let depth = 1; depth > 0 && i < body.length; i++) depth += body[i] === '(' ? 1 : body[i] === ')' ? -1 : 0;
    out.push(body.slice(m.index + m[0].length, i - 1));
  }
  return out;
}

describe('state columns', () => {
  it('every table has its machine, and every machine its writer here', () => {
    expect([...MACHINES.keys()].sort()).toEqual(Object.keys(TRANSITION_TABLES).sort());
    expect(Object.keys(WRITERS).sort()).toEqual(Object.keys(TRANSITION_TABLES).sort());
  });

  for (const [type, [mod, repoFile, fn]] of Object.entries(WRITERS))
    it(`${type}: ${fn} is called from its machine's write only`, () => {
      expect(read(mod, repoFile)).toMatch(new RegExp(`export (async )?function ${fn}\\(`));
      // A repository function takes the executor first: `repo.moveState(t.db, …)`, not the service of the same name.
      const call = () => new RegExp(`\\b${fn}\\(\\w+\\.db\\b`, 'g');
      const callers = sources(mod).filter((f) => call().test(read(mod, f)));
      expect(callers, `${fn} called from`).toHaveLength(1);
      const text = read(mod, callers[0]!);
      const machine = text.slice(text.indexOf('defineMachine'));
      expect(machine, `${callers[0]} defines the machine`).toContain(`objectType: '${type}'`);
      const calls = [...text.matchAll(call())].map((m) => m.index);
      const writeAt = machine.indexOf('write:') + text.indexOf('defineMachine');
      expect(
        calls.every((at) => at > writeAt && at < writeAt + 400),
        `${fn} only inside write:`,
      ).toBe(true);
    });

  it('no module writes a move of a machine to the audit log by hand: the engine does (audit.recordMove)', () => {
    const moves = new Set(
      Object.entries(TRANSITION_TABLES).flatMap(([type, table]) => Object.keys(table).map((action) => `${type}.${action}`)),
    );
    const found: string[] = [];
    for (const mod of readdirSync(MODULES))
      for (const file of sources(mod)) {
        if (`${mod}/${file}` === 'audit/audit.service.ts') continue;
        const text = read(mod, file);
        // A state change in an audit row's changes, or an audit action named like a transition of a table.
        if (/\bstate: \[/.test(text)) found.push(`${mod}/${file}: state: [ … ]`);
        for (const m of text.matchAll(/action: '(\w+\.\w+)'/g)) if (moves.has(m[1]!)) found.push(`${mod}/${file}: ${m[1]}`);
      }
    expect(found).toEqual([]);
  });

  it('no other repository function sets a state', () => {
    const writers = new Set(Object.values(WRITERS).map(([mod, , fn]) => `${mod}/${fn}`));
    const found: string[] = [];
    for (const mod of readdirSync(MODULES))
      for (const file of readdirSync(path.join(MODULES, mod)).filter((f) => f.endsWith('.repository.ts'))) {
        const text = read(mod, file);
        const starts = [...text.matchAll(/export (?:async )?function (\w+)\(/g)];
        starts.forEach((m, i) => {
          const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
          if (setCalls(body).some((c) => /(^|[{,\s])(state|attestationState)\s*[:,}]/.test(c))) found.push(`${mod}/${m[1]}`);
        });
      }
    expect(found.filter((w) => !writers.has(w) && !INFRASTRUCTURE.includes(w))).toEqual([]);
  });
});
