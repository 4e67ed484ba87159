import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages are used from their TypeScript sources, so tests need no build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files share one module graph per worker: importing the app's modules again for each
    // of ~50 files was most of this project's time. Safe because nothing here mocks modules
    // or keeps state at module level; every test builds its own app and database.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
