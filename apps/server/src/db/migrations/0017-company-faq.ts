import type { Kysely } from 'kysely';

/** The company's FAQ per language (the catalog's Company.Faq), shown at /docs/{adapter}/{lang}/faq.html. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company')
    .addColumn('faq_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('faq_json').execute();
}
