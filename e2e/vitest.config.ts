import { defineProject } from 'vitest/config';

/**
 * The built portal served by the real server, driven in Debian's Chromium. Files run
 * one after another (each launches one browser) and after every other project, so the
 * browser does not compete with unit tests for the two CPU cores.
 */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./harness/global-setup.ts'],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
