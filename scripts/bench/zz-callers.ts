import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { labelOf, readProfile } from './zz-cpuprofile-tmp.ts';
const dir = process.argv[2]!;
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const p = readProfile(path.join(dir, file));
const w = JSON.parse(readFileSync(path.join(dir, 'windows.json'), 'utf8'))[0];
const repoRoot = process.cwd();
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const cache = new Map<number, { fn: string; pkg: string }>();
const lab = (id: number) => { let l = cache.get(id); if (!l) cache.set(id, (l = labelOf(byId.get(id)!.callFrame, repoRoot))); return l; };
let t = p.startTime; let busy = 0;
const pat = new RegExp(process.argv[3] ?? 'drizzle-orm');
const byApp = new Map<string, number>(); const appIncl = new Map<string, number>();
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  if (t < w.fromUs || t > w.toUs) continue;
  const id = p.samples[i]!;
  if (lab(id).fn === '(idle)') continue;
  busy++;
  const seen = new Set<string>();
  let matched = false; let app: string | undefined;
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const l = lab(at);
    if (!matched && pat.test(l.fn)) matched = true;
    if (l.pkg === 'apps/server') { if (matched && !app) app = l.fn; if (!seen.has(l.fn)) { seen.add(l.fn); appIncl.set(l.fn, (appIncl.get(l.fn) ?? 0) + 1); } }
  }
  if (matched) byApp.set(app ?? '(none)', (byApp.get(app ?? '(none)') ?? 0) + 1);
}
const show = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log(`${(100 * v / busy).toFixed(1).padStart(5)} %  ${k}`));
console.log(`matched ${process.argv[3]} by nearest app frame:`); show(byApp, 25);
console.log('\napp frames inclusive:'); show(appIncl, 40);
