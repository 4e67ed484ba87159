import type { CompanyBranding, FaqResponse } from '@fxid/contract';
import { type Db, findCompany, listGameDefinitions, readCatalogVersion } from './catalog-repository.js';
import type { GameDefinition } from './catalog-schema.js';

/** A game as stored, its definition parsed. */
export interface GameRecord {
  id: string;
  definition: GameDefinition;
}

/** Branding used until an operator configures the company. */
export const DEFAULT_BRANDING: CompanyBranding = {
  CompanyName: 'fxid',
  BrandName: 'fxid',
  Logos: { CompanyLogo: '/brand/logo.svg', BrandLogo: '/brand/logo.svg', WebPlayerLogo: '/brand/logo.svg' },
  HeaderElementType: 'BrandName',
  ThemeType: 'Dark',
  Auth: { AllowedAuthProviders: ['email'] },
  Adapters: {},
  LegalContacts: {},
};

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
  /** Every game, in catalog order. */
  list(): Promise<GameRecord[]>;
  /** The company's branding, or the default until a catalog sets one. */
  branding(): Promise<CompanyBranding>;
  /** The company's FAQ per language; read through, it is shown only on the FAQ pages. */
  faq(): Promise<Record<string, Omit<FaqResponse, 'Locale'>>>;
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
  let snapshot: Promise<Snapshot> | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  async function load(): Promise<Snapshot> {
    const version = await readCatalogVersion(db);
    const [rows, company] = await Promise.all([listGameDefinitions(db), findCompany(db)]);
    const games = rows.map((row) => ({ id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition }));
    return {
      version,
      games,
      bySystemName: new Map(rows.map((row, index) => [row.system_name, games[index] as GameRecord])),
      branding: company ? (JSON.parse(company.branding_json) as CompanyBranding) : DEFAULT_BRANDING,
    };
  }

  async function current(): Promise<Snapshot> {
    const at = monotonicNow();
    if (snapshot && at - checkedAt < CATALOG_CHECK_INTERVAL_MS) return snapshot;
    checkedAt = at;
    const held = snapshot;
    if (held) {
      const known = await held.catch(() => undefined);
      if (known && known.version === (await readCatalogVersion(db))) return known;
    }
    // Only the first caller after a change reloads; the others wait for the same promise.
    if (snapshot === held) {
      snapshot = load();
      snapshot.catch(() => {
        snapshot = undefined;
      });
    }
    return snapshot as Promise<Snapshot>;
  }

  return {
    async find(systemName) {
      return (await current()).bySystemName.get(systemName);
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
    invalidate() {
      snapshot = undefined;
    },
  };
}
