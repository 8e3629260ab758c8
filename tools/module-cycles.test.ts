// The server's modules import one another in one direction (issue 20, ADR 0058): this test reads every
// module file's imports of another module and fails on an import cycle between modules. Reactions that
// used to close cycles are domain events (subscribers.ts). One cycle is still known and listed below, so
// it cannot grow and a new one cannot appear unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../apps/server/src/modules');

/** Module → the modules its (non-test) files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const mod of readdirSync(MODULES)) {
    const deps = new Set<string>();
    for (const file of readdirSync(path.join(MODULES, mod))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(MODULES, mod, file), 'utf8');
      for (const m of text.matchAll(/from '\.\.\/([\w-]+)\//g)) if (m[1] !== mod) deps.add(m[1]!);
    }
    graph.set(mod, deps);
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * Known: the order's read models (the detail page, the console's order room) compose the lab's samples and
 * files, and the lab's console calls answer with that detail — a view layer above both is the way out.
 */
const KNOWN = [['lab', 'order']];

describe('server modules', () => {
  it('import one another without cycles (but the one known)', () => {
    expect(cycles(moduleGraph())).toEqual(KNOWN);
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });
});
