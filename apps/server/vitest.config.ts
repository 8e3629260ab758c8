import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Files share a worker's modules instead of loading the whole app again for each of them (the suite ran in
    // 442 s isolated, 255 s not, on the same machine). Safe because no module keeps state across apps: every app
    // gets its own context, database and providers, and caches are keyed by the app's database (ADR 0011).
    isolate: false,
    // One worker per core (vitest's default leaves one core idle: a PGlite database runs in its test's own
    // process, so a single worker keeps the second core of a 2-core machine idle). TEST_WORKERS overrides.
    maxWorkers: Math.max(1, Number(process.env.TEST_WORKERS ?? availableParallelism())),
    // Every file opens its own database copy in a hook (~2 s on PGlite on an idle machine; several times that when
    // other work keeps two cores at load 15, and argon2 hashing and the inject calls of a test slow down as much).
    // The limits are the suite's, set here rather than per test, so a busy machine makes the run slower, not red.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
