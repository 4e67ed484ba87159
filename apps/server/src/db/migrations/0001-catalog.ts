import type { Kysely } from 'kysely';

/** Catalog tables: company, games, products, legal documents with versions, news. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('branding_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('system_name', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('price_amount', 'bigint', (c) => c.notNull())
    .addColumn('price_currency', 'text', (c) => c.notNull())
    .addColumn('show_in_web_store', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('products_game_sku_unique', ['game_id', 'sku'])
    .execute();

  await db.schema
    .createTable('legal_documents')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('need_user_acceptance', 'integer', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('legal_document_versions')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('legal_documents.id'))
    .addColumn('url', 'text')
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('legal_document_versions_document')
    .on('legal_document_versions')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.references('games.id'))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('messages_json', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('icon_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_created').on('news').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news', 'legal_document_versions', 'legal_documents', 'products', 'games', 'company']) {
    await db.schema.dropTable(table).execute();
  }
}
