import { defineProject } from 'vitest/config';

// Node has MessageChannel, MessageEvent and EventTarget built in, which is all the channel needs;
// windows are faked in src/test/fake-window.ts, so no DOM environment is loaded.
export default defineProject({
  test: { name: 'sdk', include: ['src/**/*.test.ts'], environment: 'node' },
});
