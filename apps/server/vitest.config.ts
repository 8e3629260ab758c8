import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Files share a worker's modules instead of loading the whole app again for each of them (the suite ran in
    // 442 s isolated, 255 s not, on the same machine). Safe because no module keeps state across apps: every app
    // gets its own context, database and providers, and caches are keyed by the app's database (ADR 0011).
    isolate: false,
    // Each file opens its own database copy (~2 s on PGlite); leave room for that.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
