import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 for the running Node. 12.x, built from source at install, is the only
 * line that runs on Node 20; on Node 24 it aborts the process when the garbage collector
 * frees a statement (Node 24's ObjectWrap asserts in RemoveEnvironmentCleanupHook,
 * WiseLibs/better-sqlite3#1515, not fixed in 12.x). 13.x is built on Node-API with
 * prebuilt binaries inside its npm tarball, needs Node 22+, and segfaults on 20. Both are
 * installed (13.x under the alias better-sqlite3-napi) and the running Node picks one;
 * their JavaScript API is the same.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const require = createRequire(import.meta.url);

/** The better-sqlite3 Database class that works on this Node. */
export const SqliteDatabase: typeof BetterSqlite3 = require(
  NODE_MAJOR >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
);

type Statement = BetterSqlite3.Statement<unknown[]>;

/** Statements kept per connection; queries with `in (…)` lists of many lengths only cycle the oldest out. */
const MAX_STATEMENTS = 500;

/**
 * The connection as Kysely's SqliteDialect sees it, with its prepared statements kept by SQL
 * text: preparing took as long as running the statement (a seventh of the server's time under
 * the orders bench). SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(database: BetterSqlite3.Database): {
  prepare(sql: string): Statement;
  close(): void;
} {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: the first key is the one to drop.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close: () => database.close(),
  };
}
