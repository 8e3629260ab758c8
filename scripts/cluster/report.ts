// What each scenario found: its requests (by status, slowest), its checks, and a
// closing line in vitest's words so CI's counter adds the scenarios up.
import type { LedgerCheck } from './ledger.ts';
import { isNormal, type Sample } from './load.ts';

export interface Check {
  ok: boolean;
  what: string;
}

export class ScenarioResult {
  readonly checks: Check[] = [];
  readonly notes: string[] = [];
  samples: Sample[] = [];
  ledger: LedgerCheck | undefined;
  error: string | undefined;
  readonly started = Date.now();
  ms = 0;

  constructor(
    readonly id: string,
    readonly title: string,
  ) {}

  expect(ok: boolean, what: string): boolean {
    this.checks.push({ ok, what });
    return ok;
  }

  note(line: string): void {
    this.notes.push(line);
  }

  get passed(): boolean {
    return !this.error && this.checks.length > 0 && this.checks.every((c) => c.ok);
  }
}

export function byStatus(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) {
    const key = s.status === 0 ? 'no answer' : s.status === -1 ? 'not a page' : String(s.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');
}

export const maxLatency = (samples: Sample[]) => samples.reduce((m, s) => Math.max(m, s.end - s.start), 0);

export function percentile(samples: Sample[], p: number): number {
  const sorted = samples.map((s) => s.end - s.start).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** One scenario in detail, printed as soon as it ends. */
export function printScenario(r: ScenarioResult, log: (s: string) => void): void {
  log(`\n--- ${r.id}. ${r.title}: ${r.passed ? 'PASS' : 'FAIL'} (${(r.ms / 1000).toFixed(1)} s)`);
  for (const n of r.notes) log(`    ${n}`);
  if (r.samples.length) {
    const notNormal = r.samples.filter((s) => !isNormal(s));
    log(
      `    ${r.samples.length} requests (${byStatus(r.samples)}), p50 ${percentile(r.samples, 50)} ms, p99 ${percentile(r.samples, 99)} ms, max ${maxLatency(r.samples)} ms`,
    );
    const byKind = new Map<string, Sample[]>();
    for (const s of r.samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
    log(
      `    by kind (p50/max ms): ${[...byKind.entries()].map(([k, list]) => `${k} ${percentile(list, 50)}/${maxLatency(list)}`).join(', ')}`,
    );
    const resent = r.samples.filter((s) => s.resent);
    if (resent.length)
      log(`    sent again after nginx closed a kept-alive connection before answering (as a browser does): ${resent.length}`);
    const kinds = new Map<string, Sample[]>();
    for (const s of notNormal) kinds.set(`${s.method} ${s.kind}`, [...(kinds.get(`${s.method} ${s.kind}`) ?? []), s]);
    for (const [k, list] of kinds)
      log(`    not 200/code 1: ${k} × ${list.length} (${byStatus(list)})${list[0]?.error ? `, e.g. ${list[0].error}` : ''}`);
  }
  if (r.ledger) log(`    ledger: ${r.ledger.ok ? 'reconciles' : 'DOES NOT RECONCILE'} — ${r.ledger.summary}`);
  for (const p of r.ledger?.problems ?? []) log(`      ✗ ${p}`);
  for (const c of r.checks) log(`    ${c.ok ? '✓' : '✗'} ${c.what}`);
  if (r.error) log(`    ✗ stopped: ${r.error}`);
}

/** The closing table, one row per scenario, and the vitest-style count. */
export function printSummary(results: ScenarioResult[], totalMs: number, log: (s: string) => void): void {
  log('\n=== cluster test summary ===');
  log(
    `${pad('scenario', 38)} ${padStart('requests', 8)}  ${pad('by status', 34)} ${padStart('max ms', 7)} ${padStart('failed', 6)}  result`,
  );
  for (const r of results) {
    const failed = r.checks.filter((c) => !c.ok).length + (r.error ? 1 : 0);
    log(
      `${pad(`${r.id}. ${r.title}`, 38)} ${padStart(String(r.samples.length), 8)}  ${pad(byStatus(r.samples) || '-', 34)} ${padStart(String(maxLatency(r.samples)), 7)} ${padStart(String(failed), 6)}  ${r.passed ? 'PASS' : 'FAIL'}`,
    );
  }
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  log(`\nwhole run ${(totalMs / 1000).toFixed(0)} s`);
  for (const r of results.filter((x) => !x.passed))
    log(`FAIL ${r.id}. ${r.title}: ${r.error ?? r.checks.filter((c) => !c.ok)[0]?.what ?? 'ledger'}`);
  log(` Tests  ${failed ? `${failed} failed | ` : ''}${passed} passed (${results.length})`);
}
