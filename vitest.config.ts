import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // Each file gets its own database cloned from a migrated template, so files run in parallel.
    pool: 'forks',
    // A worker runs file after file in one process: the server's modules load once per worker, not
    // once per file (half the suite's time). A file that registers something for itself removes it
    // when done (errors.test.ts); each file still has its own database.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
