import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux everywhere it runs). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, every thread) a process has used so far, in µs; 0 once it has gone. */
export async function processCpuUs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return 0;
  // Fields after the command name (which may hold spaces) in its parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

/**
 * CPU time so far (µs) of the PostgreSQL backends serving one database (only those of `application`, when given), as
 * seen from this machine (the server runs on loopback). A backend that ended
 * in between is not counted: the server's pool keeps its connections.
 */
export async function databaseCpuUs(admin: pg.Client, database: string, application?: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and ($2::text is null or application_name = $2)',
    [database, application ?? null],
  );
  const times = await Promise.all(rows.map((r) => processCpuUs(r.pid)));
  return times.reduce((a, b) => a + b, 0);
}
