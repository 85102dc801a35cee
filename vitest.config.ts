import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files whose size says nothing of how long they run: the fuzzing makes its cases from the action
 * registry, the rolling restart and the crash test run servers. Vitest orders files it has no timings
 * for (a fresh clone, CI) largest first, which put these small ones last: the suite's last 75 s were
 * them, one or two at a time. They go first; the rest fill both workers around them.
 */
const LONG_FILES = [
  /platform\/fuzz-\d\.test\.ts$/,
  /server\/supervisor\.test\.ts$/,
  /messenger\/bulk-crash\.test\.ts$/,
];
class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

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
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
