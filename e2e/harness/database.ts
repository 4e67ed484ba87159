import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

export async function createPostgresDatabase(): Promise<ServerDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('the e2e-postgres project needs TEST_DATABASE_URL (postgres://…)');
  const name = `fxid_e2e_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // WITH (FORCE) ends the stopped server's pooled connections that PostgreSQL may not have closed yet.
    drop: () => withAdmin(admin, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
