import type { AppContext } from '../../context.js';
import * as repo from './products-repository.js';

/** The store's products as other modules (platform purchases) see them; they never read the repository. */
export type ProductRecord = repo.ProductRecord;

/** A game's catalog product by SKU, if it has one. */
export function findProduct(ctx: Pick<AppContext, 'db'>, gameId: string, sku: string) {
  return repo.findProduct(ctx.db, gameId, sku);
}
