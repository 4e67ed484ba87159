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
