import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // A server test's set-up starts a server on its own copy of a prepared database: a second or two when the machine
    // is idle, far more on 2 shared cores. A set-up that runs out of time proves nothing, so hooks get a minute; tests keep 5 s.
    hookTimeout: 60_000,
    // The server tests' databases start as copies of ones prepared once per run (migrated; seeded with the demo).
    globalSetup: ['tests/helpers/databaseSnapshots.ts'],
    // Vitest leaves a core to itself by default, which on CI's 2 cores means one test file at a time; the files are
    // independent (each has its own database, port and temporary folder), so run as many at once as there are cores.
    maxWorkers: Math.max(2, availableParallelism()),
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
