import type { StorePrice } from '@fxid/contract';

/** A formatter with what every answer asks of it, read once: asking Intl allocates each time. */
interface CurrencyFormat {
  format: Intl.NumberFormat;
  /** Digits after the point (ISO 4217 exponent). */
  digits: number;
  symbol: string;
}

/** Formats made so far by locale and currency: making one costs far more than using it. */
const formats = new Map<string, CurrencyFormat>();
/** Enough for every locale × currency the catalog uses; a flood of odd tags only refills it. */
const MAX_FORMATS = 1000;

function currencyFormat(locale: string, currency: string): CurrencyFormat {
  const key = `${locale}\u0000${currency}`;
  let made = formats.get(key);
  if (!made) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // A locale tag the runtime does not know: fall back rather than fail the store.
      format = new Intl.NumberFormat('en', { style: 'currency', currency });
    }
    made = {
      format,
      digits: format.resolvedOptions().maximumFractionDigits ?? 2,
      symbol: format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency,
    };
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, made);
  }
  return made;
}

/** Digits after the point of a currency (ISO 4217 exponent): 2 for USD, 0 for JPY. */
export function minorDigits(currency: string): number {
  return currencyFormat('en', currency).digits;
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
  return currencyFormat(locale, currency).format.format(toMajor(amount, currency));
}

export function currencySymbol(currency: string, locale: string): string {
  return currencyFormat(locale, currency).symbol;
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
