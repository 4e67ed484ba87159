import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Dialect, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { type CommitSignal, watchCommits } from './commit-signal.js';
import { groupCommits } from './group-commit.js';
import type { Database } from './schema.js';
import { SqliteDatabase, withStatementCache } from './sqlite-driver.js';
import { createWalSync, fsyncFile } from './wal-sync.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Tells after a commit that inserted into a table (the outbox worker wakes on it). */
  commits: CommitSignal;
  /** PostgreSQL's connection pool (its usage is a metric); none on SQLite. */
  pool?: pg.Pool;
}

// int8 (bigint) columns hold epoch-ms timestamps, which fit in a double; pg would return strings.
pg.types.setTypeParser(20, Number);

export interface OpenOptions {
  /** PostgreSQL: the schema every table lives in. */
  schema?: string;
  /** SQLite: every commit on disk before it returns (`full`, the default) or left to checkpoints (`normal`); see Config. */
  synchronous?: 'full' | 'normal';
}

/**
 * Opens the database named by a URL: `sqlite:PATH`, `sqlite::memory:`, or
 * `postgres://…`. `schema` puts every table in a PostgreSQL schema of its own
 * (tests use one per suite so that suites do not see each other).
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return { ...openSqlite(url.slice('sqlite:'.length), options), engine: 'sqlite' };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const { dialect, commits } = watchCommits(new PostgresDialect({ pool }));
  return { db: new Kysely<Database>({ dialect }), engine: 'postgres', commits, pool };
}

// biome-ignore lint/suspicious/noExplicitAny: any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serializes transactions that take the same key until they end, for a check-then-insert
 * that no unique index can guard (a count under a limit). PostgreSQL: an advisory lock held
 * to the end of the transaction. SQLite: nothing to do, a transaction holds its only
 * connection, so transactions already run one at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export async function lockForTransaction(trx: Kysely<any>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** WAL pages after which a commit checkpoints (SQLite's default is 1,000). */
export const WAL_CHECKPOINT_PAGES = 4000;

function openSqlite(path: string, options: OpenOptions): { db: Kysely<Database>; commits: CommitSignal } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // A COMMIT that takes the WAL past this many pages copies them into the database file, with
  // two fsyncs, on the event loop. SQLite's default of 1,000 pages came every ~75 sign-ins (13
  // pages each); at 4,000 the pages that every sign-in writes again (the tables' and ids' last
  // pages) are copied once per four times as many sign-ins: COMMIT's time fell by about 40 %
  // and SQLite's CPU per sign-in by about 15 %. The WAL file then stays at up to 16 MB.
  database.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  let dialect: Dialect = new SqliteDialect({ database: withStatementCache(database) });
  if (options.synchronous !== 'normal' && path !== ':memory:') {
    // `full`: transactions share commits (group-commit.ts), SQLite writes the WAL at commit, and
    // wal-sync.ts fsyncs it off the event loop before anything that saw the commit returns (one
    // fsync for all commits made meanwhile).
    database.pragma('synchronous = NORMAL');
    dialect = groupCommits(dialect, createWalSync(fsyncFile(`${path}-wal`)), () => database.inTransaction);
  } else {
    database.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  }
  const watched = watchCommits(dialect);
  return { db: new Kysely<Database>({ dialect: watched.dialect }), commits: watched.commits };
}
