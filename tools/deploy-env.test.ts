// deploy/systemd/yance.env.example lists every variable the server reads
// (apps/server/src/config/*.ts), except those it says it leaves out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const configDir = path.join(root, 'apps/server/src/config');
/** Set by the unit (PORT, MIGRATE_ON_START) or refused in production; the example's header says so. */
const LEFT_OUT = ['PORT', 'MIGRATE_ON_START', 'PAYMENT_LOCAL_SECRET', 'DEMO_STAFF_PASSWORD'];

/** The keys of the config's zod objects: `  NAME: z…` lines. */
function configKeys(): string[] {
  const files = readdirSync(configDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const keys = files.flatMap((f) =>
    [...readFileSync(path.join(configDir, f), 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!),
  );
  return [...new Set(keys)].sort();
}

/** Every KEY= of the example, set or commented out (# KEY=). */
function exampleKeys(): string[] {
  const text = readFileSync(path.join(root, 'deploy/systemd/yance.env.example'), 'utf8');
  return [...new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!))].sort();
}

it('the production env example names every variable of the server config', () => {
  const listed = new Set(exampleKeys());
  expect(configKeys().filter((k) => !listed.has(k) && !LEFT_OUT.includes(k))).toEqual([]);
});

it('the production env example names no variable the server does not read', () => {
  const known = new Set(configKeys());
  expect(exampleKeys().filter((k) => !known.has(k))).toEqual([]);
});

it('the production env example leaves out what the unit sets', () => {
  expect(exampleKeys().filter((k) => ['PORT', 'MIGRATE_ON_START'].includes(k))).toEqual([]);
});
