import { describe, expect, it } from 'vitest';
import { savedCardOf } from './card-brand.js';

describe('savedCardOf', () => {
  it.each([
    ['4242424242424242', 'Visa', '4242'],
    ['5555555555554444', 'Mastercard', '4444'],
    ['2223003122003222', 'Mastercard', '3222'],
    ['378282246310005', 'American Express', '0005'],
    ['2200000000000004', 'Mir', '0004'],
    ['6011111111111117', 'Discover', '1117'],
    ['3530111333300000', 'JCB', '0000'],
    ['6200000000000005', 'UnionPay', '0005'],
    ['9999999999999995', 'Card', '9995'],
  ])('%s is %s ending in %s', (digits, brand, last4) => {
    expect(savedCardOf(digits)).toEqual({ brand, last4 });
  });
});
