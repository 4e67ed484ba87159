import { describe, expect, it } from 'vitest';
import { currencyFormat, minorDigits } from './currency-format';

describe('currency formats', () => {
  it('gives the same formatter for the same locale and currency, another for another', () => {
    expect(currencyFormat('de', 'EUR')).toBe(currencyFormat('de', 'EUR'));
    expect(currencyFormat('de', 'EUR')).not.toBe(currencyFormat('fr', 'EUR'));
    expect(currencyFormat('de', 'EUR')).not.toBe(currencyFormat('de', 'USD'));
    expect(currencyFormat('de', 'EUR').format(1.5)).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(1.5),
    );
  });

  it("reads a currency's minor digits, and 2 for a code Intl refuses", () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('not a currency')).toBe(2);
  });
});
