import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createWalSync, fsyncFile, groupCommits } from './group-commit.js';
import { SqliteDatabase, withStatementCache } from './sqlite-driver.js';

interface Db {
  t: { a: number };
}

/** A WAL sync whose fsyncs finish only when the test says so. */
function heldSync() {
  const pending: Array<() => void> = [];
  let calls = 0;
  const wal = createWalSync({
    sync: () => {
      calls++;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    close: async () => {},
  });
  return {
    wal,
    calls: () => calls,
    /** Finishes the fsync under way. */
    finish: () => pending.shift()?.(),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openHeld() {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-group-commit-'));
  dirs.push(dir);
  const database = new SqliteDatabase(join(dir, 'db.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec('create table t (a integer)');
  const sync = heldSync();
  const db = new Kysely<Db>({
    dialect: groupCommits(new SqliteDialect({ database: withStatementCache(database) }), sync.wal),
  });
  return { db, sync };
}

/** Whether a promise has settled after the event loop's pending work ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('group commit', () => {
  it('returns a transaction only after an fsync that began after its commit, and frees the database meanwhile', async () => {
    const { db, sync } = openHeld();
    const committed = db.transaction().execute((trx) => trx.insertInto('t').values({ a: 1 }).execute());
    expect(await settled(committed)).toBe(false);
    expect(sync.calls()).toBe(1);
    // The connection is free while the fsync runs: a second transaction commits meanwhile ...
    const second = db.transaction().execute((trx) => trx.insertInto('t').values({ a: 2 }).execute());
    expect(await settled(second)).toBe(false);
    sync.finish();
    expect(await settled(committed)).toBe(true);
    // ... but the fsync that began before its commit does not count for it: it waits for the next one.
    expect(await settled(second)).toBe(false);
    expect(sync.calls()).toBe(2);
    sync.finish();
    expect(await settled(second)).toBe(true);
  });

  it('shares one fsync among the commits made while the previous one ran', async () => {
    const { db, sync } = openHeld();
    const first = db.insertInto('t').values({ a: 0 }).execute();
    await settled(first);
    const many = Array.from({ length: 5 }, (_, i) =>
      db.transaction().execute((trx) => trx.insertInto('t').values({ a: i }).execute()),
    );
    expect(await settled(Promise.all(many))).toBe(false);
    sync.finish();
    await first;
    sync.finish();
    await Promise.all(many);
    expect(sync.calls()).toBe(2);
  });

  it('holds back a read of a commit not on disk yet, and lets reads through when nothing waits', async () => {
    const { db, sync } = openHeld();
    const write = db.insertInto('t').values({ a: 7 }).execute();
    const read = db.selectFrom('t').selectAll().execute();
    expect(await settled(read)).toBe(false);
    sync.finish();
    expect(await read).toEqual([{ a: 7 }]);
    await write;
    // Everything is on disk: reads and read-only transactions do not fsync.
    await db.selectFrom('t').selectAll().execute();
    await db.transaction().execute((trx) => trx.selectFrom('t').selectAll().execute());
    expect(sync.calls()).toBe(1);
  });

  it('counts an update … returning (a reader statement) and raw SQL as writes', async () => {
    const { db, sync } = openHeld();
    const returning = db.updateTable('t').set({ a: 1 }).returning('a').execute();
    expect(await settled(returning)).toBe(false);
    sync.finish();
    await returning;
    const raw = sql`insert into t (a) values (3)`.execute(db);
    expect(await settled(raw)).toBe(false);
    sync.finish();
    await raw;
    expect(sync.calls()).toBe(2);
  });

  it('tells the caller when the fsync fails, and the next commit tries again', async () => {
    let fail = true;
    const wal = createWalSync({
      sync: async () => {
        if (fail) throw new Error('EIO');
      },
      close: async () => {},
    });
    const dir = mkdtempSync(join(tmpdir(), 'fxid-group-commit-'));
    dirs.push(dir);
    const database = new SqliteDatabase(join(dir, 'db.sqlite'));
    database.pragma('journal_mode = WAL');
    database.exec('create table t (a integer)');
    const db = new Kysely<Db>({ dialect: groupCommits(new SqliteDialect({ database }), wal) });
    await expect(db.insertInto('t').values({ a: 1 }).execute()).rejects.toThrow('EIO');
    fail = false;
    await db.insertInto('t').values({ a: 2 }).execute();
    await db.destroy();
  });

  it('fsyncs a real file and its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fxid-group-commit-'));
    dirs.push(dir);
    const database = new SqliteDatabase(join(dir, 'db.sqlite'));
    database.pragma('journal_mode = WAL');
    database.exec('create table t (a integer)');
    const wal = fsyncFile(join(dir, 'db.sqlite-wal'));
    await wal.sync();
    await wal.sync();
    await wal.close();
    const missing = fsyncFile(join(dir, 'no-such-folder', 'db-wal'));
    await expect(missing.sync()).resolves.toBeUndefined();
    await missing.close();
    database.close();
  });
});
