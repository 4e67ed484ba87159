import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run over every workspace; each project has its own vitest.config.ts. One worker
 * per core (vitest's default leaves one core idle): the suites mostly wait on SQLite,
 * PostgreSQL, HTTP and timers, so a full machine is the faster one.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/sdk',
      'packages/platforms',
      'apps/server',
      'apps/web',
      'examples/demo-game',
      'scripts',
      'e2e',
      // The host platform specs again on PostgreSQL, as the server suites run on both engines.
      ...(process.env.TEST_DATABASE_URL ? ['e2e/vitest.postgres.config.ts'] : []),
    ],
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
