// The cluster test's own PostgreSQL: a fresh cluster in a temp dir on a port of
// its own (never the machine's 5432), trust auth on loopback, stopped at the end.
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { asPostgres, run, runAsync, tail } from './procs.ts';

/** The newest server binaries Debian's postgresql packages installed (PG_BIN overrides). */
function binDir(): string {
  const given = process.env.PG_BIN;
  if (given) return given;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql), or set PG_BIN`);
  return path.join(root, newest, 'bin');
}

export class Postgres {
  readonly bin = binDir();
  readonly dataDir: string;
  readonly socketDir: string;
  readonly logFile: string;

  constructor(
    readonly home: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(home, 'data');
    this.socketDir = path.join(home, 'sock');
    this.logFile = path.join(home, 'postgres.log');
  }

  private tool(name: string) {
    return path.join(this.bin, name);
  }

  /** initdb into an empty dir (owned by postgres when we are root), then start. */
  async init(): Promise<void> {
    for (const d of [this.home, this.dataDir, this.socketDir]) mkdirSync(d, { recursive: true, mode: 0o700 });
    if (process.getuid?.() === 0) {
      const uid = Number(run('id', ['-u', 'postgres']).trim());
      const gid = Number(run('id', ['-g', 'postgres']).trim());
      for (const d of [this.home, this.dataDir, this.socketDir]) chownSync(d, uid, gid);
    }
    run(
      ...asPostgres(this.tool('initdb'), ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']),
    );
    await this.start();
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.socketDir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    await runAsync(...asPostgres(this.tool('pg_ctl'), ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', '-o', options, 'start']));
  }

  /** pg_ctl restart -m fast: every connection is terminated, the server comes back on the same port. */
  async restartFast(): Promise<void> {
    await runAsync(...asPostgres(this.tool('pg_ctl'), ['-D', this.dataDir, '-l', this.logFile, '-m', 'fast', '-w', '-t', '60', 'restart']));
  }

  /** Stops it if running (the end of the run, also after a failure). */
  stop(): void {
    if (!existsSync(path.join(this.dataDir, 'postmaster.pid'))) return;
    try {
      run(...asPostgres(this.tool('pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']));
    } catch (e) {
      console.error(`cluster: could not stop PostgreSQL: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async query<T>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /**
   * Runs `text` in a transaction of its own connection and keeps it open (and so whatever row locks it took) until
   * `release` commits it; `pid` is that connection's backend.
   */
  async hold(database: string, text: string, values: unknown[] = []): Promise<{ pid: number; release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    let pid: number;
    try {
      pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await client.query('begin');
      await client.query(text, values);
    } catch (e) {
      await client.end();
      throw e;
    }
    return {
      pid,
      release: async () => {
        try {
          await client.query('commit');
        } finally {
          await client.end();
        }
      },
    };
  }

  async createDatabase(name: string): Promise<void> {
    await this.query('postgres', `create database ${name}`);
  }

  /** pg_dump -Fc of a live database (a consistent snapshot while the load writes). */
  async dump(database: string, file: string): Promise<void> {
    await runAsync(this.tool('pg_dump'), ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-Fc', '-f', file, database]);
  }

  /** pg_restore into an existing empty database. */
  async restore(file: string, database: string): Promise<void> {
    await runAsync(this.tool('pg_restore'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '--no-owner',
      '--exit-on-error',
      '-d',
      database,
      file,
    ]);
  }

  logTail(lines = 20): string {
    return tail(this.logFile, lines);
  }
}
