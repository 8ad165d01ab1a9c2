import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFilesFirst from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each worker's PostgreSQL stores in a database of its own (test/support/worker-database.ts), and
    // every answer an HTTP test receives checked against /openapi.json (docs/api.md).
    setupFiles: ['test/support/worker-database.ts', 'test/support/contract-setup.ts'],
    // Room for a busy shared CI machine, where CPU-heavy tests ran many times slower than alone; a
    // test that hangs still fails, only later.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files running at the same time never share a PostgreSQL database (one per worker) nor a Redis key
    // prefix (one per store, test/support/test-app.ts); the suites that need a whole database or server
    // make their own, so files may run in parallel.
    pool: 'forks',
    // A worker runs its files one after another in one module graph instead of importing the whole
    // server again for each file: per file, that import and the first app's schema compilation cost
    // more than most files' tests (the suite took 38 % less CPU). So no test may replace a module
    // (vi.mock) or leave global state behind; a seam such as wiring's `clock` or `pinCodes` does it.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core CI machine,
    // where every file then waited for the one before. Much of a file's time is spent waiting on
    // PostgreSQL, Redis, child processes, Chromium or timers, so one worker per core keeps both busy.
    // Not more: a worker more than the cores saved under a minute locally and nothing on CI (1,010 s
    // against 1,021 s), while the CPU-heavy tests slowed down up to thirtyfold beside it and one ran
    // past its deadline. `--maxWorkers=1` on the command line runs the files one at a time again.
    maxWorkers: Math.max(2, availableParallelism()),
    // The files that wait longest start first, so neither worker is left with one at the end.
    sequence: { sequencer: SlowFilesFirst },
  },
});
