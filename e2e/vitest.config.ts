import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite (ADR 0019): real server processes (built web app + API on
 * a fresh PGlite each), one per worker for the specs that only read and one
 * per spec file where a file needs its own counters or test config; one
 * Chromium per spec file. E2E_WORKERS spec files run at once (default 2,
 * the measured best on a 2-core machine).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    pool: 'forks',
    // A worker imports vitest, playwright-core and the support modules once, not once per spec file (about 1 s of CPU
    // each): every spec's state is its own anyway (servers, browsers and accounts are made in its hooks).
    isolate: false,
    // Generous limits, so a busy machine slows the suite down instead of failing it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // CI retries a failed test once; support/flaky.ts prints each one that needed it (ADR 0019).
    retry: process.env.CI ? 1 : 0,
    setupFiles: ['./support/flaky.ts'],
    expect: { poll: { timeout: 20_000, interval: 100 } },
    reporters: ['default'],
  },
});
