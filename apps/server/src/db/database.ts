import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
}

// int8 (bigint) columns hold epoch-ms timestamps, which fit in a double; pg would return strings.
pg.types.setTypeParser(20, Number);

/**
 * Opens the database named by a URL: `sqlite:PATH`, `sqlite::memory:`, or
 * `postgres://…`. `schema` puts every table in a PostgreSQL schema of its own
 * (tests use one per suite so that suites do not see each other).
 */
export function openDatabase(url: string, options: { schema?: string } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return { db: openSqlite(url.slice('sqlite:'.length)), engine: 'sqlite' };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
}

function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}
