import { type CompanyBranding, DEFAULT_BRANDING, type FaqResponse } from '@fxid/contract';
import { type Db, findCompany, listGameDefinitions, readCatalogVersion } from './catalog-repository.js';
import type { GameDefinition } from './catalog-schema.js';

/** A game as stored, its definition parsed. */
export interface GameRecord {
  id: string;
  definition: GameDefinition;
}

/**
 * How often a server asks the database whether the catalog changed. An import in this
 * process invalidates at once; one in another process (`npm run catalog -- import`, another
 * instance) shows within this long. One single-row read per interval instead of a games
 * query (and a JSON parse per game) on every request.
 */
export const CATALOG_CHECK_INTERVAL_MS = 1000;

/**
 * The catalog (games and company branding) as one read-only object on the app context:
 * parsed once per catalog version, and the only way other modules read games.
 */
export interface GameCatalog {
  /** A game by system name. */
  find(systemName: string): Promise<GameRecord | undefined>;
  /**
   * The system name of a game by its id; throws for an unknown id (ids come from rows that
   * reference games). Inside a transaction pass it: SQLite has one connection, and a read
   * outside the transaction would wait for it forever.
   */
  systemNameOf(gameId: string, executor?: Db): Promise<string>;
  /** Every game, in catalog order. */
  list(): Promise<GameRecord[]>;
  /** The company's branding, or the default until a catalog sets one. */
  branding(): Promise<CompanyBranding>;
  /** The company's FAQ per language; read through, it is shown only on the FAQ pages. */
  faq(): Promise<Record<string, Omit<FaqResponse, 'Locale'>>>;
  /**
   * The catalog version the other answers come from; it moves with every import, so answers
   * built from the catalog (games, products, news, documents) can be kept until it moves.
   */
  version(): Promise<number>;
  /**
   * The version, without waiting, while it was confirmed within the check interval; otherwise
   * undefined (then `version()` reads it). Lets an answer kept from memory go out synchronously.
   */
  knownVersion(): number | undefined;
  /** Forgets what was read; the next call reloads. Called after an import in this process. */
  invalidate(): void;
}

interface Snapshot {
  version: number;
  games: GameRecord[];
  bySystemName: Map<string, GameRecord>;
  branding: CompanyBranding;
}

/** `monotonicNow` measures the check interval (not the app clock, which tests freeze). */
export function createGameCatalog(db: Db, monotonicNow: () => number = () => performance.now()): GameCatalog {
  /** The last snapshot read, and when its version was last confirmed. */
  let latest: Snapshot | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  /** A check or reload under way outside any transaction; concurrent callers share it. */
  let pending: Promise<Snapshot> | undefined;

  async function load(executor: Db): Promise<Snapshot> {
    const version = await readCatalogVersion(executor);
    const [rows, company] = await Promise.all([listGameDefinitions(executor), findCompany(executor)]);
    const games = rows.map((row) => ({ id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition }));
    return {
      version,
      games,
      bySystemName: new Map(rows.map((row, index) => [row.system_name, games[index] as GameRecord])),
      branding: company ? (JSON.parse(company.branding_json) as CompanyBranding) : DEFAULT_BRANDING,
    };
  }

  /** The snapshot whose version the database still holds (reloading when it moved). */
  async function refresh(executor: Db): Promise<Snapshot> {
    const at = monotonicNow();
    const held = latest;
    const fresh = held && held.version === (await readCatalogVersion(executor)) ? held : await load(executor);
    if (latest === held) {
      latest = fresh;
      checkedAt = at;
    }
    return fresh;
  }

  /** The last snapshot while its version was confirmed within the check interval. */
  function confirmed(): Snapshot | undefined {
    return latest && monotonicNow() - checkedAt < CATALOG_CHECK_INTERVAL_MS ? latest : undefined;
  }

  async function current(executor?: Db): Promise<Snapshot> {
    const known = confirmed();
    if (known) return known;
    // Inside a transaction: read through it, never wait on a read outside it (SQLite has one connection).
    if (executor) return refresh(executor);
    pending ??= refresh(db).finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    async find(systemName) {
      return (await current()).bySystemName.get(systemName);
    },
    async systemNameOf(gameId, executor) {
      const game = (await current(executor)).games.find((candidate) => candidate.id === gameId);
      if (!game) throw new Error(`no game has id ${gameId}`);
      return game.definition.GameSystemName;
    },
    async list() {
      return [...(await current()).games];
    },
    async branding() {
      return (await current()).branding;
    },
    async faq() {
      const company = await findCompany(db);
      return company ? JSON.parse(company.faq_json) : {};
    },
    async version() {
      return (await current()).version;
    },
    knownVersion() {
      return confirmed()?.version;
    },
    invalidate() {
      latest = undefined;
    },
  };
}
