import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file opens its own database copy (~2 s on PGlite); leave room for that.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
