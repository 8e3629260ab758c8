/**
 * Where the data plot's first render spends its time (issue 22; the bench's
 * figure, scripts/bench/plot.ts): builds of the plot's test page side by
 * side (each in its own loopback server), Chromium at 4× CPU slowdown with a
 * fresh context per run, a DevTools trace of each run. Between the plot's
 * start mark (its code asked for) and its first frame: the wall time (the
 * budgeted figure, which a busy machine stretches), the main thread's CPU
 * time (the trace's thread time, unthrottled: other processes hardly move
 * it), and what that CPU was made of. Runs alternate between the builds so
 * background load hits them alike.
 *
 *   PLOT_DIRS=before=/tmp/plot-a,after=build npx tsx scripts/plot-trace.ts
 *
 * `build` builds this worktree's page (vite.plot-harness.config.ts) into a temp folder; any other value is a folder an
 * earlier build wrote (PLOT_HARNESS_OUT=/tmp/x npx vite build --config vite.plot-harness.config.ts in apps/web).
 * PLOT_RUNS (5) runs each; PLOT_JS=1 adds one run per build under V8's sampling profiler (JavaScript by function).
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launch } from './bench/browser.ts';
import { summarise, type CpuProfile } from './bench/cpuprofile.ts';
import { PLOT_FILE } from './bench/plot.ts';
import { median } from './bench/stats.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.PLOT_RUNS ?? 5);
const SLOWDOWN = Number(process.env.PLOT_RATE ?? 4);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; requestId?: string } };
}
async function build(): Promise<string> {
  const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'yance-plot-trace-')), 'out');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/vite'),
      ['build', '--config', 'vite.plot-harness.config.ts', '--logLevel', 'warn', '--sourcemap', 'hidden'],
      {
        cwd: path.join(repoRoot, 'apps/web'),
        env: { ...process.env, PLOT_HARNESS_OUT: out },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
  });
  return out;
}

async function serve(dir: string): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dir + path.sep)) return void res.writeHead(404).end();
    stat(file).then(
      (s) => {
        if (!s.isFile()) return void res.writeHead(404).end();
        const ext = path.extname(file);
        const type = ext === '.html' ? 'text/html' : ext === '.js' ? 'text/javascript' : ext === '.css' ? 'text/css' : 'text/plain';
        res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'content-length': s.size });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const ms = (us: number) => Math.round(us / 1000);
const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
const WRAPPERS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);

function describe(e: TraceEvent): string {
  const d = e.args?.data;
  if (d?.url) return `${e.name} ${short(d.url).replace(/-[\w-]{8}\.js$/, '.js')}`;
  if (d?.functionName) return `${e.name} ${d.functionName}`;
  return e.name;
}

interface Run {
  timeline: string;
  network: string;
  wallMs: number;
  cpuMs: number;
  marks: Record<string, number>;
  parts: Map<string, number>;
}

function analyse(events: TraceEvent[], pageUrl: string): Run {
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args as { beginData?: { url?: string } }).beginData?.url === pageUrl);
  if (!parse) throw new Error('no ParseHTML of the page in the trace');
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
  const marks = Object.fromEntries(
    events.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('data-plot:')).map((e) => [e.name, e.ts]),
  );
  const from = marks['data-plot:start'];
  const to = marks['data-plot:first-draw'];
  if (from === undefined || to === undefined) throw new Error('the plot left no marks in the trace');
  // PLOT_PARTS=a,b: what the CPU was made of between two other marks (data-plot:a … data-plot:b) only.
  const [pa, pb] = (process.env.PLOT_PARTS ?? '').split(',');
  const [wFrom, wTo] = pa && pb ? [marks[`data-plot:${pa}`] ?? from, marks[`data-plot:${pb}`] ?? to] : [from, to];
  const inWindow = onMain
    .filter((e) => (pa ? e.ts >= wFrom && e.ts + e.dur! <= wTo : e.ts + e.dur! >= wFrom && e.ts <= wTo))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
  const tasks = inWindow.filter((e) => e.name === 'RunTask');
  // Self CPU time by event name (an event's CPU less its children's).
  const parts = new Map<string, number>();
  const stack: { e: TraceEvent; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
      const { e, children } = stack.pop()!;
      parts.set(describe(e), (parts.get(describe(e)) ?? 0) + cpu(e) - children);
      if (stack.length) stack.at(-1)!.children += cpu(e);
    }
  };
  for (const e of inWindow) {
    close(e.ts);
    stack.push({ e, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  for (const w of WRAPPERS) parts.delete(w);
  // Each request in the window: sent → response → finished, ms from the start mark.
  const requests = new Map<string, { url: string; sent?: number; response?: number; finished?: number }>();
  for (const e of events) {
    const d = (e.args as { data?: { requestId?: string; url?: string; finishTime?: number } } | undefined)?.data;
    if (!d?.requestId || !['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'].includes(e.name)) continue;
    const r = requests.get(d.requestId) ?? { url: '' };
    if (e.name === 'ResourceSendRequest')
      [r.url, r.sent] = [(d.url?.startsWith('http') ? short(d.url) : '').replace(/-[\w-]{8}\.(js|css)$/, '.$1'), e.ts];
    if (e.name === 'ResourceReceiveResponse') r.response = e.ts;
    if (e.name === 'ResourceFinish') r.finished = e.ts;
    requests.set(d.requestId, r);
  }
  const network = [...requests.values()]
    .filter((r) => r.sent !== undefined && r.sent >= from - 1000 && r.url.startsWith('/'))
    .map(
      (r) =>
        `${r.url} ${ms(r.sent! - from)}→${r.response === undefined ? '?' : ms(r.response - from)}→${r.finished === undefined ? '?' : ms(r.finished - from)}`,
    )
    .join(', ');
  // The main thread's tasks of 10 ms or more in the window (and the gaps between them, when it waited).
  const timeline = tasks
    .filter((t) => t.dur! >= 10_000)
    .map((t) => {
      const inner = inWindow.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && !WRAPPERS.has(e.name));
      const biggest = inner
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, 2)
        .map(describe)
        .join(' / ');
      return `${ms(t.ts - from)}+${ms(t.dur!)} (${biggest})`;
    })
    .join(', ');
  return {
    timeline,
    network,
    wallMs: ms(to - from),
    // A task reaching over the start or the end counts by the share of its wall time inside the window.
    cpuMs: ms(tasks.reduce((s, t) => s + (cpu(t) * (Math.min(to, t.ts + t.dur!) - Math.max(from, t.ts))) / Math.max(1, t.dur!), 0)),
    marks: Object.fromEntries(Object.entries(marks).map(([k, v]) => [k.replace('data-plot:', ''), ms(v - from)])),
    parts,
  };
}

/** JavaScript by function and by package in [from, to] (µs, the clock the trace shares), named through the build's hidden source maps. */
function jsIn(p: CpuProfile, dir: string, baseUrl: string, from: number, to: number): string {
  for (const node of p.nodes) if (node.callFrame.url.startsWith(baseUrl)) node.callFrame.url = path.join(dir, short(node.callFrame.url));
  const pct = (x: number) => `${Math.round((x * s.busyMs) / 100)}`;
  const s = summarise(p, { fromUs: from, toUs: to, repoRoot, n: 400 });
  const name = (l: string) => l.replace(/ \.\.\/.*?(apps\/web\/src|node_modules)\//, ' ');
  return [
    `  JS busy ${s.busyMs} ms (ms by package): ${s.packages
      .slice(0, 8)
      .map((x) => `${x.label} ${pct(x.pct)}`)
      .join(', ')}`,
    `  self: ${s.self
      .slice(0, 14)
      .map((x) => `${name(x.label)} ${pct(x.pct)}`)
      .join('; ')}`,
    `  with callees: ${s.inclusive
      .filter((x) => !x.label.startsWith('('))
      .slice(0, 24)
      .map((x) => `${name(x.label)} ${pct(x.pct)}`)
      .join('; ')}`,
  ].join('\n');
}

async function traced(browser: Browser, baseUrl: string, dir: string, profiled: boolean): Promise<{ run: Run; js?: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    }
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (m) => events.push(...(m.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,blink.user_timing,loading,toplevel',
      transferMode: 'ReportEvents',
    });
    if (profiled) await cdp.send('Profiler.start');
    const url = `${baseUrl}/plot-harness.html?files=${PLOT_FILE}`;
    await page.goto(url);
    await page.locator('[data-testid="data-plot"][data-drawn="true"]').waitFor({ timeout: 60_000 });
    const profile = profiled ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : undefined;
    await cdp.send('Tracing.end');
    await done;
    const run = analyse(events, url);
    if (!profile) return { run };
    // Each stretch between two of the plot's marks (in the order they were made, the first of each name) on its own.
    const seen = new Set<string>();
    const marks = events
      .filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('data-plot:') && !seen.has(e.name) && seen.add(e.name))
      .sort((a, b) => a.ts - b.ts);
    const phases = marks
      .slice(1)
      .map((m, i) => `### ${marks[i]!.name} → ${m.name}\n${jsIn(profile, dir, baseUrl, marks[i]!.ts, m.ts)}`)
      .join('\n');
    return { run, js: phases };
  } finally {
    await context.close();
  }
}

async function main() {
  const spec = (process.env.PLOT_DIRS ?? 'now=build').split(',').map((s) => s.split('=') as [string, string]);
  const builds: { label: string; dir: string; temp: boolean }[] = [];
  for (const [label, dir] of spec) builds.push(dir === 'build' ? { label, dir: await build(), temp: true } : { label, dir, temp: false });
  const servers = await Promise.all(builds.map((b) => serve(b.dir)));
  const browser = await launch();
  const runs = builds.map(() => [] as Run[]);
  try {
    for (let i = 0; i < RUNS; i++)
      for (const [k, s] of servers.entries()) {
        const { run } = await traced(browser, s.baseUrl, builds[k]!.dir, false);
        runs[k]!.push(run);
        console.log(
          `${builds[k]!.label} run ${i + 1}: wall ${run.wallMs} ms, main-thread CPU ${run.cpuMs} ms; marks ${Object.entries(run.marks)
            .map(([n, t]) => `${n} ${t}`)
            .join(
              ', ',
            )}\n  requests (sent→response→finished): ${run.network}${process.env.PLOT_TASKS ? `\n  tasks ≥ 10 ms (at+wall): ${run.timeline}` : ''}`,
        );
      }
    for (const [k, b] of builds.entries()) {
      const r = runs[k]!;
      const parts = new Map<string, number[]>();
      for (const run of r) for (const [name, us] of run.parts) parts.set(name, [...(parts.get(name) ?? []), us]);
      console.log(
        `\n## ${b.label}: wall median ${median(r.map((x) => x.wallMs))} ms (${r.map((x) => x.wallMs).join(', ')}); ` +
          `main-thread CPU median ${median(r.map((x) => x.cpuMs))} ms (${r.map((x) => x.cpuMs).join(', ')}), ×${SLOWDOWN} = ${SLOWDOWN * median(r.map((x) => x.cpuMs))} ms`,
      );
      const top = [...parts]
        .map(([name, v]): [string, number] => [name, median([...v, ...Array<number>(r.length - v.length).fill(0)])])
        .filter(([, us]) => us >= 1000)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14);
      console.log(`  CPU by event (median, ms): ${top.map(([n, us]) => `${n} ${ms(us)}`).join('; ')}`);
      if (process.env.PLOT_JS) {
        const { run, js } = await traced(browser, servers[k]!.baseUrl, b.dir, true);
        console.log(`  under the profiler: wall ${run.wallMs} ms\n${js}`);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.server.close();
    for (const b of builds) if (b.temp) await rm(path.dirname(b.dir), { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
