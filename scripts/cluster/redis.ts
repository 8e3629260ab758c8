// The cluster test's own redis-server on a port of its own (never the machine's
// 6379), with an append-only file so a restart keeps its data, as in production.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Hopeless, runAsync, startChild, stopChild, tail, until, type Child } from './procs.ts';

export class RedisServer {
  private child: Child | undefined;
  readonly dir: string;
  readonly logFile: string;

  constructor(
    home: string,
    readonly port: number,
  ) {
    this.dir = path.join(home, 'redis');
    this.logFile = path.join(home, 'logs', 'redis.log');
    mkdirSync(this.dir, { recursive: true });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on the same port and data dir every time; resolves once it answers PING. */
  async start(): Promise<void> {
    this.child = startChild(
      'redis',
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--dir',
        this.dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
      ],
      this.logFile,
    );
    const child = this.child;
    await until(
      'redis-server to answer PING',
      async () => {
        if (!child.alive()) throw new Hopeless(`redis-server exited:\n${tail(this.logFile)}`);
        return (await this.cli('ping')).trim() === 'PONG';
      },
      15_000,
    );
  }

  /** A graceful shutdown (SIGTERM: the append-only file is flushed); resolves once it has exited. */
  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 'SIGTERM', 10_000);
    this.child = undefined;
  }

  /** redis-cli against this server (not blocking the load meanwhile); answers its output, '' when it cannot connect. */
  cli(...args: string[]): Promise<string> {
    return runAsync('redis-cli', ['-h', '127.0.0.1', '-p', String(this.port), ...args], { timeoutMs: 5_000 }).catch(() => '');
  }
}
