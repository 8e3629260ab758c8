import { afterEach } from 'vitest';

/**
 * In CI a failed e2e test runs once more (vitest.config.ts): one timing slip on a loaded 2-core machine should not
 * hold back a whole change. A test that passed only on its retry is named here with its first failure, so it is
 * fixed (most were a press during a popup's animation: `opened()`), not forgotten.
 */
afterEach(({ task }) => {
  const r = task.result;
  if (r?.state === 'pass' && (r.retryCount ?? 0) > 0)
    console.warn(
      `FLAKY (passed on retry ${r.retryCount}): ${task.file.name} > ${task.name}\n  first failure: ${r.errors?.[0]?.message ?? '?'}`,
    );
});
