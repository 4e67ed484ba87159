import { equalInConstantTime } from '../../lib/constant-time.js';

/**
 * Shared primitives of platform signatures (security.md §0): every platform folder
 * builds its own signed string, but parses and compares through these.
 */

/** Two signatures as text, compared in constant time; different lengths never match. */
export function signaturesEqual(given: string, expected: string): boolean {
  return equalInConstantTime(given, expected);
}

// Form parsing is shared with payment providers that sign forms (Money.Mail.Ru), so it lives in lib.
export { type ParsedPairs, parsePairsOnce, sortedKeys } from '../../lib/form-pairs.js';
