import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './products-repository.js';

// The catalog owns the products table (its import writes it); the store and the platforms
// read products here, never through the repository. Each read takes the caller's database
// handle, so a read inside an order's transaction sees that transaction.

/** A catalog product as stored, its definition parsed. */
export type ProductRecord = repo.ProductRecord;

type Db = Kysely<Database>;

/** A game's product by SKU, if it has one. */
export function findProduct(db: Db, gameId: string, sku: string): Promise<ProductRecord | undefined> {
  return repo.findProduct(db, gameId, sku);
}

/** Every product of a game, in catalog order. */
export function listProducts(db: Db, gameId: string): Promise<ProductRecord[]> {
  return repo.listProducts(db, gameId);
}

/** The products a game shows in its web store, in catalog order. */
export function listWebStoreProducts(db: Db, gameId: string): Promise<ProductRecord[]> {
  return repo.listWebStoreProducts(db, gameId);
}

/** The products a tiered product bundles (its TieredProductsSku), in the order listed. */
export function findTieredProducts(db: Db, gameId: string, product: ProductRecord): Promise<ProductRecord[]> {
  return repo.findTieredProducts(db, gameId, product);
}
