import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { type DatabaseHandle, type Engine, openDatabase } from '../db/database.js';
import { SCHEMA_CHANGE_LOCK } from '../db/migrate.js';
import { withPostgresClient as withClient } from './postgres-database.js';

/** A database for one test suite and how to throw it away. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL: where the suite's tables are; another handle on it plays another instance. */
  open?: () => DatabaseHandle;
  drop(): Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too whenever TEST_DATABASE_URL is set (CI sets it). */
export const TEST_ENGINES: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A fresh, empty database: SQLite in memory, or a PostgreSQL schema of its own so
 * suites running side by side never see each other's rows.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    return { handle, drop: () => handle.db.destroy() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient(postgresUrl, (client) => client.query(`create schema ${schema}`));
  const handle = openDatabase(postgresUrl, { schema });
  return {
    handle,
    open: () => openDatabase(postgresUrl, { schema }),
    async drop() {
      await handle.db.destroy().catch(() => undefined);
      await withClient(postgresUrl, async (client) => {
        // Not while a migrator reads every schema's tables (see SCHEMA_CHANGE_LOCK); the
        // lock goes with the session.
        await client.query(`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`);
        await client.query(`drop schema ${schema} cascade`);
      });
    },
  };
}

/**
 * Runs a suite once per engine; the engine is in the suite's name ("… [postgres]")
 * so that CI can check the PostgreSQL suites ran.
 */
export function describeEachEngine(title: string, suite: (engine: Engine) => void): void {
  for (const engine of TEST_ENGINES) describe(`${title} [${engine}]`, () => suite(engine));
}

/** How many rows a table holds now (tests that check a refusal created nothing). */
export async function countRows(db: DatabaseHandle['db'], table: 'accounts' | 'social_identifiers'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
