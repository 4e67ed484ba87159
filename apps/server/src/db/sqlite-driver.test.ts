import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, WAL_CHECKPOINT_PAGES } from './database.js';
import { SqliteDatabase, withStatementCache } from './sqlite-driver.js';

describe('SQLite statements kept by SQL text', () => {
  it('prepares a statement once and answers from it again, with fresh parameters each time', () => {
    const database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (a integer)').run();
    const insert = cached.prepare('insert into t (a) values (?)');
    insert.run(1);
    expect(cached.prepare('insert into t (a) values (?)')).toBe(insert);
    cached.prepare('insert into t (a) values (?)').run(2);
    expect(cached.prepare('select a from t order by a').all()).toEqual([{ a: 1 }, { a: 2 }]);
    cached.close();
  });

  it('sees a column added after the statement was kept', () => {
    const database = new SqliteDatabase(':memory:');
    const cached = withStatementCache(database);
    cached.prepare('create table t (a integer)').run();
    cached.prepare('insert into t (a) values (1)').run();
    expect(cached.prepare('select * from t').all()).toEqual([{ a: 1 }]);
    cached.prepare('alter table t add column b text').run();
    expect(cached.prepare('select * from t').all()).toEqual([{ a: 1, b: null }]);
    cached.close();
  });
});

describe('SQLITE_SYNCHRONOUS', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [undefined, 1],
    ['full', 1],
    ['normal', 1],
  ] as const)(
    '%s opens the file with synchronous = %i, in WAL mode checkpointed every WAL_CHECKPOINT_PAGES (full: the WAL fsynced by group-commit.ts)',
    async (synchronous, level) => {
      const dir = mkdtempSync(join(tmpdir(), 'fxid-sync-'));
      dirs.push(dir);
      const { db } = openDatabase(`sqlite:${join(dir, 'db.sqlite')}`, { synchronous });
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(rows[0]?.synchronous).toBe(level);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const checkpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(checkpoint.rows[0]?.wal_autocheckpoint).toBe(WAL_CHECKPOINT_PAGES);
      await db.destroy();
    },
  );
});
