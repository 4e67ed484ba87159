import type { AppContext } from '../../context.js';
import type { ProductSnapshot } from './orders-presenter.js';
import { findOrderByPublicId, listOrderProducts, type OrderRow } from './orders-repository.js';
import { localizedPrice } from './prices.js';

/** What a provider's checkout keeps of its order: enough to show the product should the order be gone. */
interface CheckoutFigures {
  public_order_id: string;
  amount: number;
  currency: string;
  description: string;
}

/**
 * The product block of a card payment form page `/{token}` (spec store §2): the product as the
 * player saw it when ordering (in the order's language), the price in the page's language.
 * The checkout's own description (the name) stands in should the order ever be gone.
 */
export async function paymentFormProduct(ctx: AppContext, checkout: CheckoutFigures, locale: string) {
  const order = await findOrderByPublicId(ctx.db, checkout.public_order_id);
  const [main] = order ? await listOrderProducts(ctx.db, order.id) : [];
  const snapshot = main ? (JSON.parse(main.snapshot_json) as ProductSnapshot) : undefined;
  const product = {
    Name: snapshot?.ProductName ?? checkout.description,
    Description: snapshot?.ProductDescription ?? '',
    Price: localizedPrice(checkout.amount, checkout.currency, locale),
    Currency: checkout.currency,
  };
  return { order: order as OrderRow | undefined, product };
}
