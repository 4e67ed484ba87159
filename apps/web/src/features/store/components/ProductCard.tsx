import { useTranslation } from 'react-i18next';
import type { StoreProductData } from '../../../entities/purchase/api/store-data';
import { assetUrl } from '../../../shared/lib/asset-url';
import { Button } from '../../../shared/ui/Button';

/**
 * One product of the store: picture, name, description, price (with any discount: the
 * price before it struck through, and the saving) and the buy button, or "Owned" for a
 * one-time product the player has.
 */
export function ProductCard({
  product,
  busy,
  disabled,
  onBuy,
}: {
  product: StoreProductData;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const picture = product.IconUrl ?? product.ImageUrl;
  const { Price: price } = product;
  return (
    <li
      data-testid={`product-${product.Sku}`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-4">
        {picture && <img src={assetUrl(picture)} alt="" className="h-14 w-14 shrink-0 rounded-xl object-contain" />}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{product.ProductName}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{product.ProductDescription}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-baseline gap-2">
          <span data-testid="price" className="text-xl font-bold text-slate-900 dark:text-white">
            {price.LocalizedPrice}
          </span>
          {price.LocalizedPriceBeforeDiscount !== null && price.Discount > 0 && (
            <>
              <s data-testid="price-before-discount" className="text-sm text-slate-500 dark:text-slate-400">
                <span className="sr-only">{t('store.priceBefore')} </span>
                {price.LocalizedPriceBeforeDiscount}
              </s>
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                {t('store.save', { percent: price.Discount })}
              </span>
            </>
          )}
        </p>
        {product.Owned ? (
          <p
            data-testid="owned"
            className="inline-flex h-10 items-center rounded-xl bg-emerald-50 px-4 text-sm font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200"
          >
            {t('store.owned')}
          </p>
        ) : (
          <Button onClick={onBuy} disabled={disabled} aria-busy={busy}>
            {busy ? t('store.buying') : t('store.buy', { price: price.LocalizedPrice })}
          </Button>
        )}
      </div>
    </li>
  );
}
