import { createPostgresDatabase as createDatabase } from '../../apps/server/src/test/postgres-database';

/**
 * Where a test server keeps its data: a fresh SQLite file (always), or, for the
 * `e2e-postgres` project, a fresh PostgreSQL database on TEST_DATABASE_URL's server,
 * made for one server and dropped after it, so parallel runs never share rows.
 */
export type E2eEngine = 'sqlite' | 'postgres';

export interface ServerDatabase {
  /** The server's DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

export function createPostgresDatabase(): Promise<ServerDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('the e2e-postgres project needs TEST_DATABASE_URL (postgres://…)');
  }
  return createDatabase('fxid_e2e');
}
