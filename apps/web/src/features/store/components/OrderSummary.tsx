import type { components } from '../../../shared/api/schema';

type OrderProduct = components['schemas']['OrderProduct'];

/** The product an order is for: picture, name and what it costs. */
export function OrderSummary({ product, price }: { product: OrderProduct; price: string }) {
  return (
    <div className="flex items-center justify-center gap-4">
      {product.ImageUrl && <img src={product.ImageUrl} alt="" className="h-16 w-16 rounded-xl object-cover" />}
      <div className="text-start">
        <p className="text-lg font-semibold text-slate-900 dark:text-white" data-testid="order-product">
          {product.ProductName}
        </p>
        <p className="text-slate-700 dark:text-slate-200" data-testid="order-price">
          {price}
        </p>
      </div>
    </div>
  );
}
