// Child processes of the cluster test: spawned with their output in a log
// file, waited for with deadlines, and all ended when the run ends.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { freePort } from '../../e2e/support/server.ts';

export { freePort };

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown by a probe when waiting longer cannot help (the process it waits for has exited). */
export class Hopeless extends Error {}

/**
 * Polls `probe` until it answers something other than undefined/false, or
 * throws after `timeoutMs` saying what was awaited (and the probe's last
 * error); at once when the probe throws Hopeless.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      if (e instanceof Hopeless) throw new Error(`gave up waiting for ${what}: ${e.message}`, { cause: e });
      last = e;
    }
    if (Date.now() >= deadline) {
      const why = last instanceof Error ? `: ${last.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await delay(everyMs);
  }
}

/** Runs as the postgres user when we are root (initdb and postgres refuse root); else as ourselves. */
export const asPostgres = (cmd: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

/** Runs a command to completion; throws with its output when it fails. */
export function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: opts.env ?? process.env, cwd: opts.cwd, timeout: 120_000 });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Runs a command to completion without blocking the event loop (the load keeps running meanwhile). */
export function runAsync(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} ended with ${code ?? signal}:\n${out}`));
    });
  });
}

/** A long-running child whose stdout and stderr go to `logFile`. */
export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  alive(): boolean;
}

const children = new Set<Child>();

export function startChild(name: string, cmd: string, args: string[], logFile: string, opts: SpawnOptions = {}): Child {
  const fd = openSync(logFile, 'a');
  const proc = spawn(cmd, args, { ...opts, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (proc.pid === undefined) throw new Error(`${name}: could not start ${cmd}`);
  let done = false;
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => {
      done = true;
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
    proc.once('error', (e) => {
      done = true;
      children.delete(child);
      resolve(`error ${e.message}`);
    });
  });
  const child: Child = { name, proc, pid: proc.pid, logFile, exited, alive: () => !done };
  children.add(child);
  return child;
}

/** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. Answers how it ended. */
export async function stopChild(child: Child, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<number | string> {
  if (!child.alive()) return child.exited;
  child.proc.kill(signal);
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  try {
    return await child.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Every child still running, killed at once (the run is ending, perhaps abruptly). */
export function killAllChildren(): void {
  for (const c of children) c.proc.kill('SIGKILL');
}

/** The last lines of a log file, for a failure's explanation. */
export function tail(file: string, lines = 25, width = 400): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8').trimEnd().split('\n');
  return text
    .slice(-lines)
    .map((l) => (l.length > width ? `${l.slice(0, width)} …` : l))
    .join('\n');
}
