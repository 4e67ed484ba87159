import type { AccountsTables } from './tables/accounts.js';
import type { CatalogTables } from './tables/catalog.js';
import type { DataConnectionsTables } from './tables/data-connections.js';
import type { ExternalIdTables } from './tables/external-ids.js';
import type { IdentityTransferTables } from './tables/identity-transfers.js';
import type { LauncherTables } from './tables/launcher.js';
import type { MyGamesTables } from './tables/mygames.js';
import type { PlatformsTables } from './tables/platforms.js';
import type { PlayersTables } from './tables/players.js';
import type { ProvidersTables } from './tables/providers.js';
import type { StoreTables } from './tables/store.js';
import type { SystemTables } from './tables/system.js';

export type * from './tables/accounts.js';
export type * from './tables/catalog.js';
export type * from './tables/data-connections.js';
export type * from './tables/external-ids.js';
export type * from './tables/identity-transfers.js';
export type * from './tables/launcher.js';
export type * from './tables/mygames.js';
export type * from './tables/platforms.js';
export type * from './tables/players.js';
export type * from './tables/providers.js';
export type * from './tables/steam.js';
export type * from './tables/store.js';
export type * from './tables/system.js';

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: ids are app-generated
 * text, timestamps epoch milliseconds, flags 0/1 integers, JSON as text, money as
 * integer minor units plus an ISO 4217 code.
 *
 * One file per area under tables/; a provider or platform that keeps state adds its tables to its own.
 */
export interface Database
  extends CatalogTables,
    AccountsTables,
    StoreTables,
    ProvidersTables,
    PlatformsTables,
    PlayersTables,
    LauncherTables,
    SystemTables,
    ExternalIdTables,
    IdentityTransferTables,
    DataConnectionsTables,
    MyGamesTables {}
