/**
 * One `Intl.NumberFormat` per locale and currency, made on first use: building one costs far more
 * than formatting with it (the first loads the browser's number data), and a store front formats
 * every product's prices in the same few currencies.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function currencyFormat(locale: string | undefined, currency: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** Digits after the point of a currency (its ISO 4217 exponent): 2 for USD, 0 for JPY; 2 when unknown. */
export function minorDigits(currency: string): number {
  try {
    return currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
