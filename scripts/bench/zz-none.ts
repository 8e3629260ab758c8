import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { labelOf, readProfile } from './zz-cpuprofile-tmp.ts';
const dir = process.argv[2]!;
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const p = readProfile(path.join(dir, file));
const w = JSON.parse(readFileSync(path.join(dir, 'windows.json'), 'utf8'))[0];
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const lab = (id: number) => labelOf(byId.get(id)!.callFrame, process.cwd());
let t = p.startTime; let busy = 0;
const m = new Map<string, number>();
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  if (t < w.fromUs || t > w.toUs) continue;
  const id = p.samples[i]!;
  if (lab(id).fn === '(idle)') continue;
  busy++;
  const chain: string[] = [];
  let app = false;
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) { const l = lab(at); if (l.pkg === 'apps/server') app = true; chain.push(l.fn.replace(/ \S+node_modules\//, ' ')); }
  if (app || !chain.some((c) => c.includes('drizzle-orm'))) continue;
  const key = chain.slice(0, 6).reverse().slice(-4).join(' < ');
  const top = chain.filter((c) => c.includes('drizzle-orm')).at(-1)!;
  m.set(top, (m.get(top) ?? 0) + 1);
}
[...m].sort((a, b) => b[1] - a[1]).slice(0, 15).forEach(([k, v]) => console.log(`${(100 * v / busy).toFixed(1).padStart(5)} %  ${k}`));
