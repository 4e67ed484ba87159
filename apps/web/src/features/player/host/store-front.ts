import type { ProductPrice, StoreFront } from '@fxid/sdk';
import type { StoreData, StoreProductData } from '../../../entities/purchase/api/store-data';
import { currencyFormat, minorDigits } from '../../../shared/lib/currency-format';

const toMajor = (amount: number, currency: string) => amount / 10 ** minorDigits(currency);

function price(product: StoreProductData): ProductPrice {
  const { Price: p } = product;
  return {
    localizedPrice: p.LocalizedPrice,
    price: toMajor(p.Price, p.CurrencyIso4217),
    ...(p.PriceBeforeDiscount === null
      ? {}
      : { priceBeforeDiscount: toMajor(p.PriceBeforeDiscount, p.CurrencyIso4217), discount: p.Discount }),
    currencySymbol: p.CurrencySymbol,
    currencyIso: p.CurrencyIso4217,
  };
}

function defaultCurrencyPrice(product: StoreProductData, locale: string): ProductPrice {
  const { Amount, Currency } = product.DefaultCurrencyPrice;
  const format = currencyFormat(locale, Currency);
  const major = toMajor(Amount, Currency);
  return {
    localizedPrice: format.format(major),
    price: major,
    currencySymbol: format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? Currency,
    currencyIso: Currency,
  };
}

/** The API's store front in the SDK's shape (amounts in major units, absent rather than null). */
export function toSdkStoreFront(data: StoreData, locale: string): StoreFront {
  return {
    products: data.Products.map((product) => ({
      sku: product.Sku,
      name: product.ProductName,
      description: product.ProductDescription,
      ...(product.Payload === null ? {} : { payload: product.Payload }),
      quantity: product.Quantity,
      ...(product.ImageUrl === null ? {} : { imageUrl: product.ImageUrl }),
      ...(product.IconUrl === null ? {} : { iconUrl: product.IconUrl }),
      price: price(product),
      defaultCurrencyPrice: defaultCurrencyPrice(product, locale),
      owned: product.Owned,
    })),
  };
}
