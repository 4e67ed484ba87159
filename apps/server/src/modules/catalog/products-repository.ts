import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import type { CatalogProduct } from './catalog-schema.js';

/** All SQL of the products table: the catalog import writes it, the store reads it through products-service. */

/** A catalog product as stored, its definition parsed. */
export interface ProductRecord {
  row: Selectable<ProductsTable>;
  definition: Omit<CatalogProduct, 'Sku' | 'Price' | 'ShowInWebStore'>;
}

const parse = (row: Selectable<ProductsTable>): ProductRecord => ({ row, definition: JSON.parse(row.definition_json) });

/** The products a game shows in its web store, in catalog order. */
export async function listWebStoreProducts(db: Kysely<Database>, gameId: string): Promise<ProductRecord[]> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('show_in_web_store', '=', 1)
    .orderBy('sort_order')
    .execute();
  return rows.map(parse);
}

export async function listProducts(db: Kysely<Database>, gameId: string): Promise<ProductRecord[]> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('sort_order')
    .execute();
  return rows.map(parse);
}

/** Built once: every checkout reads its product. */
const productBySku = preparedQuery(['gameId', 'sku'], (db, args: { gameId: string; sku: string }) =>
  db.selectFrom('products').selectAll().where('game_id', '=', args.gameId).where('sku', '=', args.sku),
);

export async function findProduct(db: Kysely<Database>, gameId: string, sku: string) {
  const row = (await productBySku(db, { gameId, sku })).rows[0];
  return row && parse(row);
}

/**
 * The products bundled with a tiered product (its TieredProductsSku), in the order listed.
 * The catalog import guarantees they exist in the same game and never deletes products,
 * so a missing one is a broken database, not bad input.
 */
export async function findTieredProducts(
  db: Kysely<Database>,
  gameId: string,
  product: ProductRecord,
): Promise<ProductRecord[]> {
  const skus = product.definition.TieredProductsSku ?? [];
  if (skus.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('sku', 'in', skus)
    .execute();
  const bySku = new Map(rows.map((row) => [row.sku, parse(row)]));
  return skus.map((sku) => {
    const tier = bySku.get(sku);
    if (!tier) throw new Error(`product ${product.row.sku} names tier ${sku}, which is not in the catalog`);
    return tier;
  });
}

/** A game's product rows, for the catalog import to compare with its file. */
export function listProductRows(db: Kysely<Database>, gameId: string): Promise<Selectable<ProductsTable>[]> {
  return db.selectFrom('products').selectAll().where('game_id', '=', gameId).execute();
}

export async function insertProduct(db: Kysely<Database>, row: ProductsTable): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  values: Omit<ProductsTable, 'id' | 'game_id' | 'sku' | 'created_at'>,
): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}
