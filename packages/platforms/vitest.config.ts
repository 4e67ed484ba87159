import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: { name: 'platforms', include: ['src/**/*.test.ts'], environment: 'node' },
});
