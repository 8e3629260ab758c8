// The server's modules import one another in one direction (issue 20, ADR 0058, ADR 0060): this test reads
// every module file's imports of another module and fails on an import cycle between modules, and on an
// import that does not point down the declared layers (module-layers.ts). Reactions are domain events
// (subscribers.ts); a part of a read only a higher module knows is a port (ports.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, MODULE_LAYERS } from './module-layers.ts';

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

/** Every import of a module at its own layer or above, in words ('order (6) imports lab (7)'). */
function upwardImports(graph: Map<string, Set<string>>, layers: ReadonlyMap<string, number>): string[] {
  const out: string[] = [];
  for (const [mod, deps] of graph)
    for (const dep of deps) {
      const [from, to] = [layers.get(mod), layers.get(dep)];
      if (from !== undefined && to !== undefined && to >= from) out.push(`${mod} (${from}) imports ${dep} (${to})`);
    }
  return out.sort();
}

describe('server modules', () => {
  it('import one another without cycles', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('each have their layer in module-layers.ts, once', () => {
    const listed = MODULE_LAYERS.flat();
    expect(new Set(listed).size, 'a module listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual([...moduleGraph().keys()].sort());
  });

  it('import only modules of a lower layer', () => {
    expect(upwardImports(moduleGraph(), layerOf)).toEqual([]);
  });

  it('are drawn in docs/architecture.md as module-layers.ts lists them', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../docs/architecture.md'), 'utf8');
    const block = doc.slice(doc.indexOf('## Server modules in layers')).split('```')[1]!;
    // Rows `  7    lab · contract · …   what lives here`, a long row going on under it; the names before the gap.
    const drawn: string[][] = [];
    let last = -1;
    for (const line of block.split('\n')) {
      const row = /^ {1,3}(\d+) {2,}(\S.*)$/.exec(line);
      const more = /^ {8}([a-z].*)$/.exec(line); // a row's second line
      const names = (text: string) =>
        text
          .split(/ {2,}/)[0]!
          .split('·')
          .map((m) => m.trim())
          .filter(Boolean);
      if (row) drawn[(last = Number(row[1]))] = names(row[2]!);
      else if (more && last >= 0) drawn[last]!.push(...names(more[1]!));
    }
    expect(drawn).toEqual(MODULE_LAYERS.map((l) => [...l]));
  });

  it('finds an import that points up or sideways', () => {
    const g = new Map([
      ['ledger', new Set<string>()],
      ['order', new Set(['ledger', 'lab'])],
      ['lab', new Set(['order', 'payment'])],
      ['payment', new Set(['ledger'])],
    ]);
    const layers = new Map([
      ['ledger', 0],
      ['order', 1],
      ['lab', 2],
      ['payment', 2],
    ]);
    expect(upwardImports(g, layers)).toEqual(['lab (2) imports payment (2)', 'order (1) imports lab (2)']);
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
