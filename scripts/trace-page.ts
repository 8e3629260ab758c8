/**
 * Where a page's first visit spends the main thread (issue 22): the production
 * build (a child process on a temp PGlite, as the bench runs it), Chromium in
 * a phone's viewport with an empty cache, a DevTools trace of the load.
 *
 * Lighthouse's mobile score loads the page at full speed and then multiplies
 * each main-thread task by 4 (its simulated slow CPU); a task over 50 ms then
 * blocks for the rest. This does the same with each task's CPU time (the
 * trace's thread time), not its wall time, so other processes on a busy
 * machine hardly move the figure: "TBT estimate" = Σ max(0, 4 × CPU − 50 ms)
 * over the tasks after the first contentful paint. Per page: the median of
 * TRACE_RUNS runs (3), and that run's long tasks with what they were made of.
 * TRACE_JS=1 adds a run under V8's sampling profiler: the JavaScript of each
 * long task by package and our functions (name the bundled code with the
 * build's hidden source maps: BUILD_SOURCEMAP=hidden).
 *
 *   BUILD_SOURCEMAP=hidden npm run build && npx tsx scripts/trace-page.ts / /detail/d10001
 *
 * TRACE_OUT=<folder> keeps each page's trace (.json, for DevTools' Performance panel).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './bench/browser.ts';
import { summarise, type CpuProfile } from './bench/cpuprofile.ts';
import { startServerProcess } from './bench/server.ts';
import { median } from './bench/stats.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Lighthouse's simulated CPU slowdown. */
const SLOWDOWN = 4;
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const out = process.env.TRACE_OUT;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs). */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; frame?: string; data?: { url?: string; functionName?: string } };
}

/** The page's main thread: the one that parsed its HTML (other renderers, such as the browser's own UI, trace too). */
function mainThread(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url === pageUrl,
  );
  if (!parse) throw new Error(`no HTML parsing of ${pageUrl} in the trace`);
  return { pid: parse.pid, tid: parse.tid };
}

/** Events that only wrap others (their self time is the scheduler's, not the page's). */
const WRAPPERS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);

const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
const ms = (us: number) => Math.round(us / 1000);
const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;

function describe(e: TraceEvent): string {
  const d = e.args?.data;
  if (d?.url) return `${e.name} ${short(d.url)}`;
  if (d?.functionName) return `${e.name} ${d.functionName}`;
  return e.name;
}

interface Task {
  at: number;
  cpu: number;
  wall: number;
  blocking: number;
  parts: string;
  from: number;
  to: number;
}

interface Run {
  /** performance.mark()s the page made, by name: when (µs from navigation). */
  marks: [string, number][];
  fcp: number;
  tbt: number;
  cpuAfterFcp: number;
  cpuTotal: number;
  tasks: Task[];
}

/** Self CPU time by event name inside a task (an event's CPU less its children's). */
function composition(inside: TraceEvent[]): string {
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
      const { e, children } = stack.pop()!;
      self.set(describe(e), (self.get(describe(e)) ?? 0) + cpu(e) - children);
      if (stack.length) stack.at(-1)!.children += cpu(e);
    }
  };
  for (const e of inside) {
    close(e.ts);
    stack.push({ e, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return [...self]
    .filter(([name, us]) => us >= 1000 && !WRAPPERS.has(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 7)
    .map(([name, us]) => `${name} ${ms(us)}`)
    .join('; ');
}

function analyse(pageUrl: string, events: TraceEvent[]): Run {
  const main = mainThread(events, pageUrl);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const nav = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === pageUrl)?.ts ?? onMain[0]!.ts;
  const fcpAt = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= nav)?.ts ?? nav;
  const top = onMain.filter((e) => e.name === 'RunTask' && e.ts >= nav);
  const tasks: Task[] = [];
  let cpuAfterFcp = 0;
  for (const t of top) {
    if (t.ts >= fcpAt) cpuAfterFcp += cpu(t);
    const blocking = Math.max(0, SLOWDOWN * cpu(t) - 50_000);
    if (t.ts < fcpAt || SLOWDOWN * cpu(t) <= 50_000) continue;
    const inside = onMain
      .filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    tasks.push({ at: t.ts - nav, cpu: cpu(t), wall: t.dur!, blocking, parts: composition(inside), from: t.ts, to: t.ts + t.dur! });
  }
  const marks = events
    .filter((e) => e.cat.includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n') && e.ts >= nav)
    .map((e): [string, number] => [e.name, e.ts - nav]);
  return {
    marks,
    fcp: fcpAt - nav,
    tbt: tasks.reduce((s, t) => s + t.blocking, 0),
    cpuAfterFcp,
    cpuTotal: top.reduce((s, t) => s + cpu(t), 0),
    tasks,
  };
}

async function tracePage(baseUrl: string, pagePath: string, withProfiler: boolean): Promise<{ run: Run; profile?: CpuProfile }> {
  const browser = await launch();
  try {
    // Lighthouse's phone: 412 × 823 CSS pixels at 1.75.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (withProfiler) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (m) => events.push(...(m.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,disabled-by-default-v8.compile,blink.user_timing,loading,toplevel',
      transferMode: 'ReportEvents',
    });
    if (withProfiler) await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Past the page's deferred work (the carousel starts 2.5 s in).
    await page.waitForTimeout(4000);
    const profile = withProfiler ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : undefined;
    await cdp.send('Tracing.end');
    await done;
    if (out) {
      await mkdir(out, { recursive: true });
      const name = decodeURIComponent(pagePath).replace(/[^\p{L}\p{N}]+/gu, '_') || '_';
      await writeFile(path.join(out, `${name}${withProfiler ? '-profiled' : ''}.trace.json`), JSON.stringify({ traceEvents: events }));
      if (profile) await writeFile(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    return { run: analyse(`${baseUrl}${pagePath}`, events), profile };
  } finally {
    await browser.close();
  }
}

function printTasks(run: Run, baseUrl: string, profile?: CpuProfile) {
  if (profile) {
    const assets = path.join(repoRoot, 'apps/web/dist');
    // The profile's script URLs, as the built files they came from (their hidden maps name the sources).
    for (const node of profile.nodes) {
      const u = node.callFrame.url;
      if (u.startsWith(baseUrl)) node.callFrame.url = path.join(assets, short(u));
    }
  }
  if (run.marks.length) console.log(`marks: ${run.marks.map(([n, t]) => `${n} ${ms(t)}`).join(', ')}`);
  for (const t of run.tasks) {
    console.log(`- at ${ms(t.at)} ms: CPU ${ms(t.cpu)} ms (wall ${ms(t.wall)}), blocks ${ms(t.blocking)}: ${t.parts}`);
    if (!profile) continue;
    const js = summarise(profile, { fromUs: t.from, toUs: t.to, repoRoot, n: 400 });
    if (js.busy < 5) continue;
    const pkgs = js.packages.filter((p) => p.label !== '(program)').slice(0, 5);
    const ours = js.inclusive.filter((f) => /(apps|packages)\/\w+\/src\//.test(f.label)).slice(0, 6);
    console.log(`    JS: ${pkgs.map((p) => `${p.label} ${p.pct}%`).join(', ')}`);
    if (ours.length) console.log(`    our code (with what it calls): ${ours.map((f) => `${f.label} ${f.pct}%`).join(', ')}`);
    if (process.env.TRACE_JS === 'all')
      console.log(
        `    self: ${js.self
          .slice(0, 12)
          .map((f) => `${f.label} ${f.pct}%`)
          .join(', ')}`,
      );
  }
}

async function main() {
  const paths = process.argv.slice(2);
  if (!paths.length) throw new Error('usage: tsx scripts/trace-page.ts /path …');
  const server = await startServerProcess(repoRoot);
  try {
    for (const p of paths) {
      const pagePath = encodeURI(p);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push((await tracePage(server.baseUrl, pagePath, false)).run);
      const byTbt = [...runs].sort((a, b) => a.tbt - b.tbt);
      const mid = byTbt[Math.floor((byTbt.length - 1) / 2)]!;
      console.log(
        `\n## ${p}: TBT estimate ${ms(median(runs.map((r) => r.tbt)))} ms (${runs.map((r) => ms(r.tbt)).join(', ')}), ` +
          `main-thread CPU after FCP ${ms(median(runs.map((r) => r.cpuAfterFcp)))} ms, in all ${ms(median(runs.map((r) => r.cpuTotal)))} ms, ` +
          `FCP ${ms(median(runs.map((r) => r.fcp)))} ms (unthrottled)`,
      );
      if (process.env.TRACE_JS) {
        const { run, profile } = await tracePage(server.baseUrl, pagePath, true);
        console.log(`run under the profiler (slower): TBT estimate ${ms(run.tbt)} ms`);
        printTasks(run, server.baseUrl, profile);
      } else printTasks(mid, server.baseUrl);
    }
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
