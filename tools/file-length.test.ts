// Every source file stays under 400 lines (issue 20; DEVELOPERS.md): a file that grows past it holds more than one
// concern and is split by concern, its shared helpers in a support file. This test reads every tracked source file
// (git ls-files) and fails naming each one over the limit. Generated files (drizzle's migrations/meta snapshots,
// build output, lock files) are not written by hand and are left out.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A file must stay under this many lines. */
const LIMIT = 400;

const SOURCE = /\.(ts|tsx|css|js|mjs)$/;
const GENERATED = [/(^|\/)migrations\/meta\//, /(^|\/)dist\//, /(^|\/)node_modules\//, /(^|\/)[^/]*\.lock$/, /(^|\/)package-lock\.json$/];

/** The tracked source files, relative to the repository's root. */
function sourceFiles(): string[] {
  return (
    execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      // A file deleted but not yet committed is still listed: only the files there are count.
      .filter((f) => SOURCE.test(f) && !GENERATED.some((g) => g.test(f)) && existsSync(path.join(ROOT, f)))
  );
}

/** Lines as an editor numbers them: a final newline does not start another line. */
const lineCount = (text: string) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

describe('file length', () => {
  it('reads the tracked source files of every workspace', () => {
    const files = sourceFiles();
    for (const dir of ['apps/server/src/', 'apps/web/src/', 'apps/admin/src/', 'packages/contracts/src/', 'e2e/', 'tools/'])
      expect(
        files.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    expect(files.some((f) => f.endsWith('.module.css'))).toBe(true);
    expect(files.some((f) => f.includes('migrations/meta/'))).toBe(false);
  });

  it(`keeps every source file under ${LIMIT} lines`, () => {
    const tooLong = sourceFiles()
      .map((f) => ({ f, lines: lineCount(readFileSync(path.join(ROOT, f), 'utf8')) }))
      .filter(({ lines }) => lines >= LIMIT)
      .map(({ f, lines }) => `${f}: ${lines} lines (split it by concern)`);
    expect(tooLong).toEqual([]);
  });
});
