import { defineProject } from 'vitest/config';

/** The repository's own tooling (test runner, browser discovery). */
export default defineProject({
  test: { name: 'scripts', include: ['*.test.mjs'], environment: 'node' },
});
