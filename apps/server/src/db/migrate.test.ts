import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

describe.runIf(TEST_ENGINES.includes('postgres'))('migrations on PostgreSQL', () => {
  it("migrate a schema of their own while another schema of the database already has the migrator's tables", async () => {
    const first = await createTestDatabase('postgres');
    const second = await createTestDatabase('postgres');
    opened.push(first, second);
    const applied = await migrateToLatest(first.handle.db);
    expect(applied.length).toBeGreaterThan(0);

    // Before, the migrator took the first schema's bookkeeping tables for the second's and failed.
    expect(await migrateToLatest(second.handle.db)).toEqual(applied);
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from kysely_migration`.execute(
      second.handle.db,
    );
    expect(rows[0]?.count).toBe(applied.length);
    expect(await migrateToLatest(second.handle.db)).toEqual([]);
  });
});
