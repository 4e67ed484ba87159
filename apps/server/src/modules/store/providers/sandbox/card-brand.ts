/** A card's brand from its leading digits (the issuer identification ranges of ISO/IEC 7812). */
const BRANDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'Mastercard'],
  [/^3[47]/, 'American Express'],
  [/^220[0-4]/, 'Mir'],
  [/^(6011|64[4-9]|65)/, 'Discover'],
  [/^35(2[89]|[3-8]\d)/, 'JCB'],
  [/^62/, 'UnionPay'],
];

export interface SavedCard {
  brand: string;
  last4: string;
}

/** What a bank keeps of a card to show it again: its brand and last four digits. */
export function savedCardOf(digits: string): SavedCard {
  const brand = BRANDS.find(([range]) => range.test(digits))?.[1] ?? 'Card';
  return { brand, last4: digits.slice(-4) };
}
