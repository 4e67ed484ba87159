import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages are used from their TypeScript sources, so tests need no build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
