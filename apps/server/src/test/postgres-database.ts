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
    async drop() {
      await withPostgresClient(admin, async (client) => {
        // A closed pool's last connections may still be saying goodbye: a connection ended by the
        // drop while it does so raises an error no one listens to any more. Give them 2 s to go.
        for (let waited = 0; waited < 2000; waited += 50) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // WITH (FORCE) ends what is still connected (a server killed without closing its pool).
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
