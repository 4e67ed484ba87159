import { describe, expect, it } from 'vitest';
import { localizedPrice, minorDigits, storePrice, toMajor } from './prices.js';

describe('store prices', () => {
  it('reads minor units with the currency exponent', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(toMajor(199, 'USD')).toBe(1.99);
    expect(localizedPrice(500, 'JPY', 'en')).toBe('¥500');
    expect(localizedPrice(149, 'EUR', 'de')).toBe('1,49\u00a0€');
  });

  it('shows a discount off the struck-through price, formatted like the price', () => {
    expect(storePrice(499, 'USD', 'en', 599)).toEqual({
      LocalizedPrice: '$4.99',
      Price: 499,
      PriceBeforeDiscount: 599,
      LocalizedPriceBeforeDiscount: '$5.99',
      Discount: 17,
      PriceBeforeBeautify: 499,
      CurrencySymbol: '$',
      CurrencyIso4217: 'USD',
    });
    expect(storePrice(449, 'EUR', 'de', 548)).toMatchObject({
      LocalizedPrice: '4,49\u00a0€',
      LocalizedPriceBeforeDiscount: '5,48\u00a0€',
      Discount: 18,
    });
    expect(storePrice(499, 'USD', 'en', 499)).toMatchObject({
      PriceBeforeDiscount: null,
      LocalizedPriceBeforeDiscount: null,
      Discount: 0,
    });
  });

  it('falls back to English for a locale the runtime does not know', () => {
    expect(localizedPrice(99, 'USD', 'zz-zzzzzzzz')).toBe('$0.99');
  });
});
