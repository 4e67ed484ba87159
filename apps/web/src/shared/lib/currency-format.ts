/**
 * One `Intl.NumberFormat` per locale and currency, made on first use: building one costs far more
 * than formatting with it (the first loads the browser's number data), and a store front formats
 * every product's prices in the same few currencies.
 */
const formats = new Map<string, Intl.NumberFormat>();
let numberDataLoading = false;

/**
 * Loads the browser's number data in a worker, so that the page's first price format does not.
 * The first `Intl.NumberFormat` a page builds costs one main-thread task of 15–20 ms on a laptop
 * and 60–110 ms at a phone's speed (Chromium at 4× CPU slowdown), most of it loading number data
 * that Chromium then keeps for every thread of the page's process: after a worker built one, the
 * page's first took 0.1 ms. Where a browser keeps that data per thread, a worker is all it costs.
 */
export function loadNumberDataOffMainThread(locale: string): void {
  if (numberDataLoading || formats.size > 0 || typeof Worker === 'undefined') return;
  numberDataLoading = true;
  try {
    new Worker(new URL('./number-data.worker.ts', import.meta.url), { type: 'module' }).postMessage(locale);
  } catch {
    // No worker (a policy may forbid it): the first format loads the data itself, as before.
  }
}

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
