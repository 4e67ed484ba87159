import { POSTGRES_PROJECT } from './harness/projects.ts';
import { e2eProject } from './vitest.config.ts';

/**
 * The host platform and store specs (every `*-host.test.ts`, `store-*.test.ts`) once more, with the servers on a
 * fresh PostgreSQL database (harness/database.ts): the root config adds this project
 * whenever TEST_DATABASE_URL is set. It runs after the SQLite e2e files, never beside
 * them, so no more browsers run at once than E2E_WORKERS.
 */
export default e2eProject({
  name: POSTGRES_PROJECT,
  include: ['specs/**/*-host.test.ts', 'specs/store-*.test.ts'],
  groupOrder: 2,
});
