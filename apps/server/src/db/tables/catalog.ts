/** The catalog (company, games, products, documents, news, cross-play quests) and its import counter. */
export interface CatalogTables {
  company: CompanyTable;
  catalog_version: CatalogVersionTable;
  games: GamesTable;
  products: ProductsTable;
  legal_documents: LegalDocumentsTable;
  legal_document_versions: LegalDocumentVersionsTable;
  news: NewsTable;
  cross_play_quests: CrossPlayQuestsTable;
}

/** The deployment's one company; branding as JSON (the catalog's Company block). */
export interface CompanyTable {
  id: string;
  branding_json: string;
  /** The catalog's Company.Faq: { [locale]: { Title, Entries: [{ Question, Answer }] } }. */
  faq_json: string;
  updated_at: number;
}

/** One row (id 'catalog'): how many times a catalog was imported; in-memory catalogs reload when it moves. */
export interface CatalogVersionTable {
  id: string;
  version: number;
  updated_at: number;
}

export interface GamesTable {
  id: string;
  system_name: string;
  /** Position in the catalog file; lists are ordered by it. */
  sort_order: number;
  /** The catalog's game definition without its products and documents. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}

export interface ProductsTable {
  id: string;
  game_id: string;
  sku: string;
  price_amount: number;
  price_currency: string;
  show_in_web_store: number;
  sort_order: number;
  /** Localized names, descriptions, images, type and payload. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}

export interface LegalDocumentsTable {
  /** Numeric id chosen by the operator in the catalog, stable across environments. */
  id: number;
  game_id: string;
  document_type: string;
  need_user_acceptance: number;
  region: string;
  is_active: number;
  created_at: number;
  updated_at: number;
}

/** Versions are immutable once published: acceptances refer to them. */
export interface LegalDocumentVersionsTable {
  id: number;
  document_id: number;
  url: string | null;
  /** Markdown per locale, as JSON. */
  content_json: string;
  content_type: string;
  created_at: number;
}

export interface NewsTable {
  id: string;
  /** null: shown for every game. */
  game_id: string | null;
  priority: string;
  /** Header and message per locale, as JSON. */
  messages_json: string;
  link: string | null;
  icon_url: string | null;
  image_url: string | null;
  tags_json: string;
  created_at: number;
  updated_at: number;
}

/** A cross-play quest from the catalog; which events count is kept in columns for lookups. */
export interface CrossPlayQuestsTable {
  id: string;
  /** The game that offers it; null for the portal. */
  game_id: string | null;
  event_game_id: string;
  event_code: string;
  sort_order: number;
  /** Names, descriptions, counting, target, window and reward. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}
