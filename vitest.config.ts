import { defineConfig } from 'vitest/config';

/** One run over every workspace; each project has its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/sdk', 'apps/server', 'apps/web', 'examples/demo-game', 'e2e'],
  },
});
