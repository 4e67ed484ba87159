import type { StorePrice } from '@fxid/contract';

/** Formatters made so far by locale and currency: making one costs far more than using it. */
const formatters = new Map<string, Intl.NumberFormat>();
/** Enough for every locale × currency the catalog uses; a flood of odd tags only refills it. */
const MAX_FORMATTERS = 1000;

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}\u0000${currency}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // A locale tag the runtime does not know: fall back rather than fail the store.
      made = new Intl.NumberFormat('en', { style: 'currency', currency });
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, made);
  }
  return made;
}

/** Digits after the point of a currency (ISO 4217 exponent): 2 for USD, 0 for JPY. */
export function minorDigits(currency: string): number {
  return formatter('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as a decimal amount: 199 USD → 1.99. */
export function toMajor(amount: number, currency: string): number {
  return amount / 10 ** minorDigits(currency);
}

/** A decimal amount as minor units: 1.99 USD → 199; -1 (matches no order) when it has more digits than the currency. */
export function minorUnitsOf(amount: number, currency: string): number {
  const minor = amount * 10 ** minorDigits(currency);
  const rounded = Math.round(minor);
  return Number.isFinite(minor) && Math.abs(minor - rounded) < 1e-6 ? rounded : -1;
}

export function localizedPrice(amount: number, currency: string, locale: string): string {
  return formatter(locale, currency).format(toMajor(amount, currency));
}

export function currencySymbol(currency: string, locale: string): string {
  return (
    formatter(locale, currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** A store price; the discount is the whole percent off the struck-through price. */
export function storePrice(amount: number, currency: string, locale: string, before?: number): StorePrice {
  const discounted = before !== undefined && before > amount;
  return {
    LocalizedPrice: localizedPrice(amount, currency, locale),
    Price: amount,
    PriceBeforeDiscount: discounted ? before : null,
    LocalizedPriceBeforeDiscount: discounted ? localizedPrice(before, currency, locale) : null,
    Discount: discounted ? Math.round(((before - amount) / before) * 100) : 0,
    PriceBeforeBeautify: amount,
    CurrencySymbol: currencySymbol(currency, locale),
    CurrencyIso4217: currency,
  };
}

/** USD minor units when the price is in USD; fxid keeps no exchange rates. */
export function usdAmount(amount: number, currency: string): number | null {
  return currency === 'USD' ? amount : null;
}
