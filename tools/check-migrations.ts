// `tsx tools/check-migrations.ts` checks the server's migrations against their
// lock; `--update` (npm run db:lock) first appends the ones not locked yet.
import path from 'node:path';
import { appendToLock, checkMigrations } from './migrations-lock.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../apps/server/src/db/migrations');

if (process.argv.includes('--update')) {
  const added = appendToLock(MIGRATIONS_DIR);
  console.log(added.length ? `locked: ${added.join(', ')}` : 'nothing new to lock');
}
const problems = checkMigrations(MIGRATIONS_DIR);
for (const problem of problems) console.error(`migrations: ${problem}`);
process.exitCode = problems.length ? 1 : 0;
