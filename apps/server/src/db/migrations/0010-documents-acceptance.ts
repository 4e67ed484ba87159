import type { Kysely } from 'kysely';

/** Which account accepted which version of a legal document, and when. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_acceptances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('document_id', 'bigint', (c) => c.notNull().references('legal_documents.id'))
    .addColumn('document_version_id', 'bigint', (c) => c.notNull().references('legal_document_versions.id'))
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    // Accepting a version twice keeps the first acceptance.
    .addUniqueConstraint('document_acceptances_account_version_unique', ['account_id', 'document_version_id'])
    .execute();
  await db.schema
    .createIndex('document_acceptances_account')
    .on('document_acceptances')
    .columns(['account_id', 'accepted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_acceptances').execute();
}
