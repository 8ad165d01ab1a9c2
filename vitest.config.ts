import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Every answer an HTTP test receives is checked against /openapi.json (docs/api.md).
    setupFiles: ['test/support/contract-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Suites share one PostgreSQL database and one Redis when those are configured; each suite
    // isolates itself with its own schema / key prefix, so files may still run in parallel.
    pool: 'forks',
  },
});
