import { defineProject } from 'vitest/config';

/**
 * The built portal served by the real server, driven in Debian's Chromium. Files run
 * after every other project, so browsers do not compete with unit tests, and two at a
 * time (E2E_WORKERS to change): a browser test mostly waits (on timers, the network,
 * the server), so two files overlap well even on two cores.
 */
export function e2eProject(options: { name: string; include: string[]; groupOrder: number }) {
  return defineProject({
    test: {
      name: options.name,
      include: options.include,
      environment: 'node',
      globalSetup: ['./harness/global-setup.ts'],
      maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
      sequence: { groupOrder: options.groupOrder },
      // A flow takes 5–20 s; the margin is for a slow, shared machine, where flows took three times as long.
      testTimeout: 60_000,
      // Like the harness's waits for elements (10 s), not vitest's 1 s: a page polled for a
      // state (a notification shown, focus moved) gets there later on a busy machine.
      expect: { poll: { timeout: 10_000 } },
      hookTimeout: 60_000,
    },
  });
}

export default e2eProject({ name: 'e2e', include: ['specs/**/*.test.ts'], groupOrder: 1 });
