import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendToLock, checkMigrations, readLock } from './migrations-lock.ts';

const REAL = path.resolve(import.meta.dirname, '../apps/server/src/db/migrations');

it('every migration in the repository is locked and unchanged', () => {
  expect(checkMigrations(REAL)).toEqual([]);
});

describe('the lock', () => {
  let dir: string;
  const copy = () => {
    dir = mkdtempSync(path.join(tmpdir(), 'yance-migrations-'));
    cpSync(REAL, dir, { recursive: true });
    return dir;
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const journalFile = () => path.join(dir, 'meta/_journal.json');
  const editJournal = (
    edit: (j: { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] }) => void,
  ) => {
    const journal = JSON.parse(readFileSync(journalFile(), 'utf8'));
    edit(journal);
    writeFileSync(journalFile(), JSON.stringify(journal));
  };

  it('fails when a landed migration is edited', () => {
    copy();
    appendFileSync(path.join(dir, '0000_init.sql'), '\nCREATE INDEX "x" ON "device" ("id");');
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0000_init\.sql: changed after it landed/)]);
  });

  it('fails when a landed migration is removed', () => {
    copy();
    rmSync(path.join(dir, '0001_search-sync.sql'));
    expect(checkMigrations(dir)).toEqual([
      '0001_search-sync: in meta/_journal.json but 0001_search-sync.sql is missing',
      expect.stringMatching(/^0001_search-sync: locked but removed/),
    ]);
  });

  it('fails when a landed journal entry is re-dated (databases would run it again)', () => {
    copy();
    editJournal((j) => {
      j.entries[0]!.when += 1000;
    });
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0000_init: journal entry changed/)]);
  });

  it('asks for the lock of a new migration, and appending never re-locks an edited one', () => {
    copy();
    writeFileSync(path.join(dir, '9999_next.sql'), 'SELECT 1;');
    editJournal((j) => {
      j.entries.push({
        idx: j.entries.length,
        version: '7',
        when: Math.max(...j.entries.map((e) => e.when)) + 1,
        tag: '9999_next',
        breakpoints: true,
      });
    });
    appendFileSync(path.join(dir, '0002_accounts.sql'), '\n-- edited');
    expect(checkMigrations(dir)).toEqual([
      expect.stringMatching(/^0002_accounts\.sql: changed/),
      expect.stringMatching(/^9999_next: not locked yet/),
    ]);

    const before = readLock(dir)['0002_accounts'];
    expect(appendToLock(dir)).toEqual(['9999_next']);
    expect(readLock(dir)['0002_accounts']).toEqual(before);
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0002_accounts\.sql: changed/)]);
  });

  it('refuses a new migration dated before the newest locked one (drizzle would skip it)', () => {
    copy();
    writeFileSync(path.join(dir, '9999_late.sql'), 'SELECT 1;');
    editJournal((j) => {
      j.entries.push({ idx: j.entries.length, version: '7', when: j.entries[0]!.when + 1, tag: '9999_late', breakpoints: true });
    });
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^9999_late: dated before the newest locked migration/)]);
  });

  it('fails on a .sql file the journal does not list', () => {
    copy();
    writeFileSync(path.join(dir, '0007_stray.sql'), 'SELECT 1;');
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0007_stray\.sql: not in meta\/_journal\.json/)]);
  });
});
