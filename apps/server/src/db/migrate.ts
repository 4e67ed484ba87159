import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { isPostgres } from './database.js';
import * as catalog from './migrations/0001-catalog.js';
import * as accounts from './migrations/0002-accounts.js';
import * as signingKeys from './migrations/0003-signing-keys.js';
import * as invites from './migrations/0005-invites.js';
import * as orders from './migrations/0006-orders.js';
import * as orderLinks from './migrations/0007-order-links.js';
import * as documentsAcceptance from './migrations/0010-documents-acceptance.js';
import * as supportMessages from './migrations/0011-support-messages.js';
import * as pushSubscriptions from './migrations/0012-push-subscriptions.js';
import * as analyticsEvents from './migrations/0013-analytics-events.js';
import * as friends from './migrations/0014-friends.js';
import * as crossPlay from './migrations/0015-cross-play.js';
import * as sandboxSavedCards from './migrations/0016-sandbox-saved-cards.js';
import * as companyFaq from './migrations/0017-company-faq.js';
import * as signInBindings from './migrations/0019-sign-in-bindings.js';
import * as purchaseOwnership from './migrations/0021-purchase-ownership.js';
import * as platformPurchases from './migrations/0022-platform-purchases.js';
import * as catalogVersion from './migrations/0023-catalog-version.js';
import * as storage from './migrations/0030-storage.js';
import * as leaderboards from './migrations/0031-leaderboards.js';
import * as leaderboardCounts from './migrations/0032-leaderboard-counts.js';
import * as telegramStars from './migrations/0035-telegram-stars.js';
import * as okTransactions from './migrations/0040-ok-transactions.js';
import * as bank131Checkouts from './migrations/0055-bank131-checkouts.js';
import * as wizqProxyCounters from './migrations/0070-wizq-proxy-counters.js';
import * as spentIdTokens from './migrations/0080-spent-id-tokens.js';
import * as vkidSignIns from './migrations/0081-vkid-sign-ins.js';
import * as emailLinkInvites from './migrations/0082-email-link-invites.js';
import * as externalIds from './migrations/0085-external-ids.js';
import * as identityTransfers from './migrations/0086-identity-transfers.js';
import * as dataConnections from './migrations/0087-data-connections.js';
import * as myGamesTransfers from './migrations/0088-mygames-transfers.js';
import * as launcher from './migrations/0100-launcher.js';
import * as steam from './migrations/0110-steam.js';
import * as sandboxSavedCardIndex from './migrations/0111-sandbox-saved-card-index.js';
import * as keyedSignInTables from './migrations/0112-keyed-sign-in-tables.js';

/**
 * Migrations in order. Imported statically so that the built server carries them
 * and nothing depends on reading a folder at run time.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-catalog': catalog,
  '0002-accounts': accounts,
  '0003-signing-keys': signingKeys,
  '0005-invites': invites,
  '0006-orders': orders,
  '0007-order-links': orderLinks,
  '0010-documents-acceptance': documentsAcceptance,
  '0011-support-messages': supportMessages,
  '0012-push-subscriptions': pushSubscriptions,
  '0013-analytics-events': analyticsEvents,
  '0014-friends': friends,
  '0015-cross-play': crossPlay,
  '0016-sandbox-saved-cards': sandboxSavedCards,
  '0017-company-faq': companyFaq,
  '0019-sign-in-bindings': signInBindings,
  '0021-purchase-ownership': purchaseOwnership,
  '0022-platform-purchases': platformPurchases,
  '0023-catalog-version': catalogVersion,
  '0030-storage': storage,
  '0031-leaderboards': leaderboards,
  '0032-leaderboard-counts': leaderboardCounts,
  '0035-telegram-stars': telegramStars,
  '0040-ok-transactions': okTransactions,
  '0055-bank131-checkouts': bank131Checkouts,
  '0100-launcher': launcher,
  '0110-steam': steam,
  '0111-sandbox-saved-card-index': sandboxSavedCardIndex,
  '0112-keyed-sign-in-tables': keyedSignInTables,
  '0080-spent-id-tokens': spentIdTokens,
  '0081-vkid-sign-ins': vkidSignIns,
  '0082-email-link-invites': emailLinkInvites,
  '0085-external-ids': externalIds,
  '0086-identity-transfers': identityTransfers,
  '0087-data-connections': dataConnections,
  '0088-mygames-transfers': myGamesTransfers,
  '0070-wizq-proxy-counters': wizqProxyCounters,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * PostgreSQL: the schema this connection writes to (its search_path). Named to the migrator,
 * which otherwise takes its bookkeeping tables in any schema of the database for its own.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * PostgreSQL: the advisory lock under which schemas change, one change at a time in the
 * whole database. Kysely's migrator reads the table list of every schema before it takes
 * its own lock, and that read fails ("relation … does not exist") when another schema is
 * dropped meanwhile: test suites drop theirs, and instances may start together.
 */
export const SCHEMA_CHANGE_LOCK = 7_354_021_100;

/** Runs `work` holding SCHEMA_CHANGE_LOCK on a connection of its own (PostgreSQL only). */
// biome-ignore lint/suspicious/noExplicitAny: any schema
async function underSchemaChangeLock<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SCHEMA_CHANGE_LOCK)})`.execute(connection);
    }
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await underSchemaChangeLock(db, () => migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Migration failed${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Names of the migrations this build knows that the database has not applied yet (readiness). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  return (await migrator.getMigrations()).filter((migration) => !migration.executedAt).map((m) => m.name);
}
