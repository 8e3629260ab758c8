import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

// Lints snippets as if they sat in e2e/, with the repository's own eslint.config.js (ADR 0019: no fixed sleeps).
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the whole config and parser.
vi.setConfig({ testTimeout: 60_000 });

async function sleepErrors(code: string, file = 'e2e/some.spec.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('e2e: no fixed sleeps', () => {
  it('refuses page.waitForTimeout', async () => {
    expect(
      await sleepErrors(
        'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(1500);\n}\n',
      ),
    ).toHaveLength(1);
  });
  it('refuses a promise resolved by setTimeout, in a spec, in support code and inside the page', async () => {
    expect(await sleepErrors('export const f = () => new Promise((r) => setTimeout(r, 100));\n')).toHaveLength(1);
    expect(
      await sleepErrors('export const f = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));\n', 'e2e/support/x.ts'),
    ).toHaveLength(1);
    expect(await sleepErrors('export const f = () => new Promise((r) => window.setTimeout(r, 60));\n')).toHaveLength(1);
  });
  it('refuses the sleeps of timers/promises', async () => {
    expect(
      await sleepErrors("import { setTimeout as sleep } from 'node:timers/promises';\nexport const f = () => sleep(100);\n"),
    ).toHaveLength(1);
  });
  it('allows waits for a condition, timers that are not sleeps, and process.env', async () => {
    expect(await sleepErrors('export const f = (p: { waitForURL(u: RegExp): Promise<void> }) => p.waitForURL(/\\/member/);\n')).toEqual([]);
    expect(
      await sleepErrors(
        'export const f = (kill: () => void) => new Promise((_, reject) => {\n  setTimeout(() => { kill(); reject(new Error("late")); }, 15_000);\n});\n',
        'e2e/support/server.ts',
      ),
    ).toEqual([]);
    expect(
      await sleepErrors('export const f = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));\n'),
    ).toEqual([]);
    expect(await sleepErrors('export const port = process.env.PORT;\n')).toEqual([]);
  });
  it('leaves code outside e2e alone', async () => {
    expect(await sleepErrors('export const f = () => new Promise((r) => setTimeout(r, 100));\n', 'apps/server/src/lib/x.ts')).toEqual([]);
  });
});
