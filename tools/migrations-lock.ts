// Migrations are append-only (ADR 0018): once a migration has landed, its SQL
// and its journal entry never change, because databases that already ran it
// will not run it again. lock.json records the SHA-256 of every migration and
// its journal timestamp; the check fails when a locked one changed or went
// away, or when a migration is not locked yet (`npm run db:lock` appends it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LockEntry {
  /** Position in drizzle's journal. */
  idx: number;
  /** The journal's `when`: drizzle's migrator decides what a database still needs by it. */
  when: number;
  /** SHA-256 of the .sql file, hex. */
  sha256: string;
}
export type Lock = Record<string, LockEntry>;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const LOCK_FILE = 'lock.json';

/** What the migrations folder holds now, keyed by tag (file name without .sql). */
export function currentMigrations(dir: string): { entries: Lock; problems: string[] } {
  const problems: string[] = [];
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const entries: Lock = {};
  for (const { idx, when, tag } of journal.entries) {
    const file = path.join(dir, `${tag}.sql`);
    if (!existsSync(file)) {
      problems.push(`${tag}: in meta/_journal.json but ${tag}.sql is missing`);
      continue;
    }
    entries[tag] = { idx, when, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const tag = file.slice(0, -'.sql'.length);
    if (!journal.entries.some((e) => e.tag === tag)) problems.push(`${tag}.sql: not in meta/_journal.json (drizzle would never run it)`);
  }
  return { entries, problems };
}

export function readLock(dir: string): Lock {
  const file = path.join(dir, LOCK_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Lock) : {};
}

/** Every way the folder breaks the lock; empty when all is well. */
export function checkMigrations(dir: string): string[] {
  const lock = readLock(dir);
  const { entries, problems } = currentMigrations(dir);
  for (const [tag, locked] of Object.entries(lock)) {
    const now = entries[tag];
    if (!now) problems.push(`${tag}: locked but removed (from the folder or the journal); migrations that landed are never removed`);
    else if (now.sha256 !== locked.sha256) problems.push(`${tag}.sql: changed after it landed; leave it as it was and add a new migration`);
    else if (now.idx !== locked.idx || now.when !== locked.when)
      problems.push(
        `${tag}: journal entry changed (idx ${locked.idx}→${now.idx}, when ${locked.when}→${now.when}); databases would run it again`,
      );
  }
  const lastLocked = Math.max(-1, ...Object.values(lock).map((e) => e.when));
  for (const [tag, now] of Object.entries(entries)) {
    if (lock[tag]) continue;
    if (now.when <= lastLocked)
      problems.push(`${tag}: dated before the newest locked migration; drizzle would skip it on existing databases (regenerate it)`);
    else problems.push(`${tag}: not locked yet; run \`npm run db:lock\` and commit lock.json`);
  }
  return problems;
}

/**
 * Appends the migrations that are not locked yet. Never rewrites a locked
 * entry: a changed migration stays a failure until the change is undone.
 */
export function appendToLock(dir: string): string[] {
  const lock = readLock(dir);
  const { entries } = currentMigrations(dir);
  const added = Object.keys(entries).filter((tag) => !lock[tag]);
  for (const tag of added) lock[tag] = entries[tag]!;
  const sorted = Object.fromEntries(Object.entries(lock).sort(([, a], [, b]) => a.idx - b.idx));
  writeFileSync(path.join(dir, LOCK_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}
