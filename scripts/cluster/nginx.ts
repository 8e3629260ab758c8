// nginx in front of the app processes, run from deploy/nginx/yance.conf itself:
// only the upstream addresses and the listen port are replaced. A minimal main
// nginx.conf (logs and temp paths in the run's temp dir, so it works as
// non-root too) wraps it, and nginx runs as a non-daemon master, our child.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Hopeless, run, runAsync, startChild, stopChild, tail, until, type Child } from './procs.ts';

export const SITE_FILE = 'deploy/nginx/yance.conf';
/** A deploy's restart of one process (ADR 0078); the test runs its `out` and `in` against this nginx. */
export const RESTART_SCRIPT = 'deploy/restart-instance.sh';

/** One word for `sh -c`. */
const shellWord = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

const UPSTREAM_SERVER = /^(\s*server\s+)127\.0\.0\.1:\d+(\s)/gm;
const LISTEN = /^(\s*)listen 80;$/m;

/** The site with our ports; throws when the file no longer has the shape we substitute into. */
export function renderSite(site: string, appPorts: number[], listenPort: number): string {
  const servers = site.match(UPSTREAM_SERVER) ?? [];
  if (servers.length !== appPorts.length)
    throw new Error(`${SITE_FILE} lists ${servers.length} upstream servers on 127.0.0.1; the cluster test runs ${appPorts.length}`);
  if (!LISTEN.test(site)) throw new Error(`${SITE_FILE} has no "listen 80;" line to put the test's port in`);
  let i = 0;
  return site
    .replace(UPSTREAM_SERVER, (_m, head: string, after: string) => `${head}127.0.0.1:${appPorts[i++]}${after}`)
    .replace(LISTEN, (_m, indent: string) => `${indent}listen 127.0.0.1:${listenPort};`);
}

/** One line of our access log: when it ended, its status, the request, and which upstream(s) answered. */
export interface AccessLine {
  at: number;
  status: number;
  request: string;
  upstreams: string[];
  upstreamStatuses: string[];
  /** How long nginx took over it (ms). */
  ms: number;
}

export class Nginx {
  private child: Child | undefined;
  readonly prefix: string;
  readonly accessLog: string;
  readonly errorLog: string;
  readonly outLog: string;
  private readonly conf: string;
  private readonly siteFile: string;
  private readonly pidFile: string;

  constructor(
    home: string,
    readonly repoRoot: string,
    readonly port: number,
  ) {
    this.prefix = path.join(home, 'nginx');
    this.accessLog = path.join(this.prefix, 'access.log');
    this.errorLog = path.join(this.prefix, 'error.log');
    this.outLog = path.join(home, 'logs', 'nginx.out');
    this.conf = path.join(this.prefix, 'nginx.conf');
    this.siteFile = path.join(this.prefix, 'yance.conf');
    this.pidFile = path.join(this.prefix, 'nginx.pid');
  }

  /** Writes the rendered site and the main conf around it, checks them with nginx -t. */
  configure(appPorts: number[]): void {
    const temp = path.join(this.prefix, 'temp');
    for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(temp, d), { recursive: true, mode: 0o777 });
    const site = renderSite(readFileSync(path.join(this.repoRoot, SITE_FILE), 'utf8'), appPorts, this.port);
    writeFileSync(this.siteFile, site);
    writeFileSync(
      this.conf,
      [
        'worker_processes 1;',
        `error_log ${this.errorLog} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '    default_type application/octet-stream;',
        '    log_format cluster \'$msec $status "$request_method $uri" "$upstream_addr" "$upstream_status" $request_time\';',
        `    access_log ${this.accessLog} cluster;`,
        `    client_body_temp_path ${temp}/body;`,
        `    proxy_temp_path ${temp}/proxy;`,
        `    fastcgi_temp_path ${temp}/fastcgi;`,
        `    uwsgi_temp_path ${temp}/uwsgi;`,
        `    scgi_temp_path ${temp}/scgi;`,
        `    include ${this.siteFile};`,
        '}',
        '',
      ].join('\n'),
    );
    run(nginxBinary(), [...this.baseArgs(), '-t']);
  }

  private baseArgs(): string[] {
    return ['-p', `${this.prefix}/`, '-e', this.errorLog, '-c', this.conf, '-g', `daemon off; pid ${this.pidFile};`];
  }

  async start(): Promise<void> {
    this.child = startChild('nginx', nginxBinary(), this.baseArgs(), this.outLog);
    const child = this.child;
    await until(
      'nginx to answer',
      async () => {
        if (!child.alive()) throw new Hopeless(`nginx exited:\n${tail(this.errorLog)}`);
        const res = await fetch(`http://127.0.0.1:${this.port}/`, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
        return res.status > 0;
      },
      15_000,
    );
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 'SIGQUIT', 5_000);
    this.child = undefined;
  }

  /**
   * deploy/restart-instance.sh's `out` (the app on `port` marked `down` in the site, nginx reloaded, its old worker
   * gone) or `in` (back, reloaded), against this nginx: the script's own edit of the site and wait for old workers.
   */
  async upstream(action: 'out' | 'in', port: number): Promise<void> {
    if (!this.child?.alive()) throw new Error('nginx is not running');
    const check = [nginxBinary(), ...this.baseArgs(), '-t', '-q'].map(shellWord).join(' ');
    await runAsync('bash', [path.join(this.repoRoot, RESTART_SCRIPT), action, `127.0.0.1:${port}`], {
      env: {
        ...process.env,
        NGINX_SITE: this.siteFile,
        NGINX_PID: this.pidFile,
        NGINX_RELOAD: `${check} && kill -HUP ${this.child.pid}`,
      },
      timeoutMs: 30_000,
    });
  }

  /** Access log lines that ended at or after `since` (ms since the epoch). */
  linesSince(since: number): AccessLine[] {
    if (!existsSync(this.accessLog)) return [];
    const out: AccessLine[] = [];
    for (const line of readFileSync(this.accessLog, 'utf8').split('\n')) {
      const m = /^(\d+\.\d+) (\d+) "([^"]*)" "([^"]*)" "([^"]*)" (\d+\.\d+)$/.exec(line);
      if (!m) continue;
      const at = Math.round(Number(m[1]) * 1000);
      if (at < since) continue;
      out.push({
        at,
        status: Number(m[2]),
        request: m[3] ?? '',
        upstreams: (m[4] ?? '').split(/,\s*/).filter((u) => u && u !== '-'),
        upstreamStatuses: (m[5] ?? '').split(/,\s*/),
        ms: Math.round(Number(m[6]) * 1000),
      });
    }
    return out;
  }

  /** Requests the app on `port` was answering at `at` (nginx had passed them on before, they ended after). */
  inFlightAt(port: number, at: number): AccessLine[] {
    return this.linesSince(at).filter((l) => l.upstreams.includes(`127.0.0.1:${port}`) && l.at - l.ms <= at);
  }

  /** Requests since `since` whose answer came from the app on `port` (the last upstream nginx tried). */
  servedBy(port: number, since: number): number {
    return this.linesSince(since).filter((l) => l.upstreams.at(-1) === `127.0.0.1:${port}`).length;
  }
}

export function nginxBinary(): string {
  for (const candidate of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx'])
    if (candidate && existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (apt-get install nginx), or set NGINX_BIN');
}
