import { timingSafeEqual } from 'node:crypto';

/**
 * Two signatures or secrets compared in constant time, as bytes (text as UTF-8);
 * different lengths never match. Every verifier compares through this.
 */
export function equalInConstantTime(given: Buffer | string, expected: Buffer | string): boolean {
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
