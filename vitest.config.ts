import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Suites share one PostgreSQL database and one Redis when those are configured; each suite
    // isolates itself with its own schema / key prefix, so files may still run in parallel.
    pool: 'forks',
  },
});
