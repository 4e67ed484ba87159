import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One connection for a piece of administration (create or drop a schema or database). */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database on TEST_DATABASE_URL's server for server processes (the built
 * server, the browser suite's), which take a URL: made for one run, dropped after it, so
 * parallel runs never share rows.
 */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withPostgresClient(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // WITH (FORCE) ends the stopped servers' pooled connections that PostgreSQL may not have closed yet.
    async drop() {
      await withPostgresClient(admin, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
