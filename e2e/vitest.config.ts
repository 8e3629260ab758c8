import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: one real server (built web app + API on a fresh PGlite)
 * for the whole run, one Chromium per spec file, files one after another
 * because the machine has two cores and Chromium wants both.
 */
export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 45_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    retry: 0,
    // UI changes here include 1.5 s banner transitions; poll long enough for them.
    expect: { poll: { timeout: 5_000, interval: 100 } },
    reporters: ['default'],
  },
});
