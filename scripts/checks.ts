// The static checks of `npm test` (issue 20, CI time): every project's type check, eslint and prettier, run side
// by side on every core instead of one after another. tsc and eslint use one core each, so in turn they left the
// second core of a 2-core machine idle for some twelve minutes of CI. Each job's output is printed when it ends;
// the run fails when any job fails. `npm run typecheck` and `npm run lint` still run the same checks alone.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// The type checker is TypeScript 7, the native compiler (ADR 0075): a third of 5.9's CPU time. One thread each,
// as the jobs already fill every core. TypeScript 5.9 stays for typescript-eslint, which parses with its API.
const tsc = (project: string) => ({
  name: `tsc ${project}`,
  cmd: process.execPath,
  args: [path.join(root, 'node_modules/typescript-native/bin/tsc'), '-p', project, '--noEmit', '--singleThreaded'],
});

// Longest first, so the last to start is a short one.
const JOBS = [
  { name: 'eslint', cmd: bin('eslint'), args: ['.'] },
  tsc('apps/web/tsconfig.json'),
  tsc('apps/server/tsconfig.json'),
  tsc('apps/admin/tsconfig.json'),
  tsc('e2e/tsconfig.json'),
  tsc('packages/browser/tsconfig.json'),
  tsc('packages/contracts/tsconfig.json'),
  tsc('scripts/tsconfig.json'),
  tsc('tools/tsconfig.json'),
  { name: 'prettier', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
];

interface Outcome {
  name: string;
  code: number | null;
  seconds: number;
}

function run(job: (typeof JOBS)[number]): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(job.cmd, job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const text = Buffer.concat(out).toString().trim();
      console.log(`${code === 0 ? '✓' : '✗'} ${job.name} (${seconds} s)${text ? `\n${text}` : ''}`);
      resolve({ name: job.name, code, seconds });
    });
  });
}

const queue = [...JOBS];
const outcomes: Outcome[] = [];
const worker = async () => {
  for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await run(job));
};
const started = Date.now();
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
const failed = outcomes.filter((o) => o.code !== 0);
console.log(`checks: ${outcomes.length - failed.length} of ${outcomes.length} passed in ${Math.round((Date.now() - started) / 1000)} s`);
if (failed.length) {
  console.error(`failed: ${failed.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
