import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { watchCommits } from './commit-signal.js';
import { groupCommits, MAX_SHARED_COMMIT } from './group-commit.js';
import { SqliteDatabase, withStatementCache } from './sqlite-driver.js';
import { createWalSync, fsyncFile } from './wal-sync.js';

interface Db {
  t: { a: number };
  child: { parent: number };
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
  database.pragma('foreign_keys = ON');
  database.exec('create table t (a integer primary key)');
  // Checked at COMMIT: a way to make a COMMIT fail.
  database.exec('create table child (parent integer references t (a) deferrable initially deferred)');
  // Rows that take overflow pages: with the disk full, SQLite rolls back the whole transaction writing them.
  database.exec('create table blobs (b blob)');
  const sync = heldSync();
  const statements = withStatementCache(database);
  let commits = 0;
  const counted = {
    ...statements,
    prepare(sql: string) {
      if (sql === 'commit') commits++;
      return statements.prepare(sql);
    },
  };
  const dialect = groupCommits(new SqliteDialect({ database: counted }), sync.wal, () => database.inTransaction);
  const watched = watchCommits(dialect);
  const db = new Kysely<Db>({ dialect: watched.dialect });
  const rows = () => database.prepare('select a from t order by a').pluck().all();
  return { db, sync, database, rows, commits: () => commits, signal: watched.commits };
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
      db.transaction().execute((trx) =>
        trx
          .insertInto('t')
          .values({ a: i + 1 })
          .execute(),
      ),
    );
    expect(await settled(Promise.all(many))).toBe(false);
    sync.finish();
    await first;
    while (!(await settled(Promise.all(many)))) sync.finish();
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
    const db = new Kysely<Db>({
      dialect: groupCommits(new SqliteDialect({ database }), wal, () => database.inTransaction),
    });
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

describe('shared commits', () => {
  const insert = (db: Kysely<Db>, a: number) =>
    db.transaction().execute((trx) => trx.insertInto('t').values({ a }).execute());

  it('commits transactions that begin together once, and returns each after the fsync that covers it', async () => {
    const { db, sync, rows, commits } = openHeld();
    const all = Promise.all([1, 2, 3, 4, 5].map((a) => insert(db, a)));
    expect(await settled(all)).toBe(false);
    expect(commits()).toBe(1);
    expect(sync.calls()).toBe(1);
    sync.finish();
    await all;
    expect(rows()).toEqual([1, 2, 3, 4, 5]);
  });

  it('commits a transaction at once when no fsync runs, and those that arrive during one together after it', async () => {
    const { db, sync, rows, commits } = openHeld();
    const first = insert(db, 1);
    expect(await settled(first)).toBe(false);
    expect(commits()).toBe(1);
    // The first commit's fsync is running: the next transactions, arriving one by one, wait for its end.
    const second = insert(db, 2);
    expect(await settled(second)).toBe(false);
    const third = insert(db, 3);
    expect(await settled(third)).toBe(false);
    expect(commits()).toBe(1);
    sync.finish();
    await first;
    expect(await settled(Promise.all([second, third]))).toBe(false);
    expect(commits()).toBe(2);
    sync.finish();
    await Promise.all([second, third]);
    expect(sync.calls()).toBe(2);
    expect(rows()).toEqual([1, 2, 3]);
  });

  it(`commits at most ${MAX_SHARED_COMMIT} transactions together`, async () => {
    const { db, sync, rows, commits } = openHeld();
    const count = MAX_SHARED_COMMIT + 4;
    const all = Promise.all(Array.from({ length: count }, (_, i) => insert(db, i + 1)));
    while (!(await settled(all))) sync.finish();
    expect(commits()).toBe(2);
    expect(rows()).toHaveLength(count);
  });

  it("rolls back one transaction and keeps the others' writes", async () => {
    const { db, sync, rows } = openHeld();
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ a: 2 }).execute();
      throw new Error('changed my mind');
    });
    const all = Promise.allSettled([insert(db, 1), failing, insert(db, 3)]);
    await settled(all);
    sync.finish();
    const [first, second, third] = await all;
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: new Error('changed my mind') });
    expect(third.status).toBe('fulfilled');
    expect(rows()).toEqual([1, 3]);
  });

  it('fails every use that saw a COMMIT that failed, keeps nothing of it, and commits the next', async () => {
    const { db, sync, rows } = openHeld();
    const orphan = db.transaction().execute((trx) => trx.insertInto('child').values({ parent: 99 }).execute());
    const read = db.selectFrom('t').selectAll().execute();
    const results = await Promise.allSettled([insert(db, 1), orphan, read]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(rows()).toEqual([]);
    const next = insert(db, 2);
    await settled(next);
    sync.finish();
    await next;
    expect(rows()).toEqual([2]);
  });

  it('fails every use that saw a shared commit SQLite rolled back (a full disk), and goes on after it', async () => {
    const { db, sync, database, rows } = openHeld();
    database.pragma(`max_page_count = ${database.pragma('page_count', { simple: true })}`);
    const first = insert(db, 1);
    const big = db.transaction().execute(async (trx) => {
      try {
        for (let i = 0; i < 100; i++) await sql`insert into blobs (b) values (randomblob(3000))`.execute(trx);
      } catch {
        // Carrying on after SQLite rolled everything back would write outside any transaction.
        await trx.insertInto('t').values({ a: 7 }).execute();
      }
    });
    const all = Promise.allSettled([first, big, insert(db, 2)]);
    while (!(await settled(all))) sync.finish();
    const results = await all;
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/rolled back the shared commit/);
    expect(rows()).toEqual([2]);
  });

  it("takes the write lock at its start, so another process's commit cannot make it fail half-way", async () => {
    const { db, sync, database, rows } = openHeld();
    // Another process: a connection of its own to the same file, waiting for no lock.
    const other = new SqliteDatabase(database.name, { timeout: 0 });
    const write = db.transaction().execute(async (trx) => {
      await trx.selectFrom('t').selectAll().execute();
      // A deferred transaction would let this in, then fail at its own first write (SQLITE_BUSY_SNAPSHOT).
      expect(() => other.prepare('insert into t (a) values (9)').run()).toThrow(/locked/);
      await trx.insertInto('t').values({ a: 1 }).execute();
    });
    while (!(await settled(write))) sync.finish();
    await write;
    other.prepare('insert into t (a) values (9)').run();
    other.close();
    expect(rows()).toEqual([1, 9]);
  });

  it('runs a pragma outside a transaction after the shared commit, where it takes effect', async () => {
    const { db, sync, database } = openHeld();
    const write = insert(db, 1);
    const pragma = sql`pragma foreign_keys = off`.execute(db);
    while (!(await settled(Promise.all([write, pragma])))) sync.finish();
    expect(database.pragma('foreign_keys', { simple: true })).toBe(0);
  });

  it("tells commit listeners at the transaction's commit; what they write returns once the shared commit is on disk", async () => {
    const { db, sync, signal, rows } = openHeld();
    const claims: Array<Promise<unknown>> = [];
    // As the outbox worker claims a job it is told of.
    signal.onInsert('t', () => claims.push(db.updateTable('t').set({ a: 10 }).where('a', '=', 1).execute()));
    const write = insert(db, 1);
    expect(await settled(write)).toBe(false);
    expect(claims).toHaveLength(1);
    expect(await settled(Promise.all(claims))).toBe(false);
    while (!(await settled(Promise.all([write, ...claims])))) sync.finish();
    expect(rows()).toEqual([10]);
  });
});
