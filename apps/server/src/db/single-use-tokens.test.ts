import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { inspectToken, spendToken } from './single-use-tokens.js';

/** One set of tests for every single-use token (email invites, temp tokens, connect invites, order links). */
describeEachEngine('single-use tokens', (engine) => {
  let database: TestDatabase;
  const now = Date.UTC(2026, 10, 23, 12);
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(() => database.drop());

  /** An email invite row (any of the four tables would do: they share the columns spent here). */
  async function storeToken(tokenHash: string, expiresAt: number, nonceHash: string | null = null) {
    await database.handle.db
      .insertInto('email_invites')
      .values({
        id: `id-${tokenHash}`,
        token_hash: tokenHash,
        email: 'a@example.com',
        email_normalized: 'a@example.com',
        game_system_name: null,
        redirect_uri: null,
        locale: null,
        created_at: now - 1000,
        expires_at: expiresAt,
        consumed_at: null,
        browser_nonce_hash: nonceHash,
        requested_on: null,
      })
      .execute();
  }

  it('spends a live token once and gives its row', async () => {
    await storeToken('live', now + 60_000);
    const first = await spendToken(database.handle.db, 'email_invites', 'live', now);
    expect(first).toMatchObject({ spent: true, row: { id: 'id-live', consumed_at: now } });
    expect(await inspectToken(database.handle.db, 'email_invites', 'live', now)).toMatchObject({ state: 'used' });
  });

  it('refuses a used token', async () => {
    await storeToken('used', now + 60_000);
    await spendToken(database.handle.db, 'email_invites', 'used', now);
    const again = await spendToken(database.handle.db, 'email_invites', 'used', now + 1);
    expect(again).toMatchObject({ spent: false, failure: 'used' });
  });

  it('refuses an expired token, at its expiry instant and after, and leaves it unspent', async () => {
    await storeToken('old', now);
    const result = await spendToken(database.handle.db, 'email_invites', 'old', now);
    expect(result).toMatchObject({ spent: false, failure: 'expired', row: { consumed_at: null } });
    expect(await inspectToken(database.handle.db, 'email_invites', 'old', now + 1)).toMatchObject({ state: 'expired' });
  });

  it('refuses an unknown token', async () => {
    expect(await spendToken(database.handle.db, 'email_invites', 'nothing', now)).toEqual({
      spent: false,
      failure: 'unknown',
      row: undefined,
    });
    expect(await inspectToken(database.handle.db, 'email_invites', 'nothing', now)).toEqual({
      state: 'unknown',
      row: undefined,
    });
  });

  it("spends nothing when the caller's condition refuses a live token", async () => {
    await storeToken('nonce', now + 60_000, 'right');
    const wrong = await spendToken(database.handle.db, 'email_invites', 'nonce', now, (eb) =>
      eb('browser_nonce_hash', '=', 'wrong'),
    );
    expect(wrong).toMatchObject({ spent: false, failure: 'refused' });
    const right = await spendToken(database.handle.db, 'email_invites', 'nonce', now, (eb) =>
      eb('browser_nonce_hash', '=', 'right'),
    );
    expect(right.spent).toBe(true);
  });

  it('lets exactly one of concurrent uses spend a token, each in its own transaction', async () => {
    await storeToken('race', now + 60_000);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        database.handle.db.transaction().execute((trx) => spendToken(trx, 'email_invites', 'race', now)),
      ),
    );
    expect(attempts.filter((attempt) => attempt.spent)).toHaveLength(1);
    expect(attempts.filter((attempt) => !attempt.spent).map((attempt) => !attempt.spent && attempt.failure)).toEqual(
      Array(7).fill('used'),
    );
  });
});
