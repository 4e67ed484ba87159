import { equalInConstantTime } from '../../lib/constant-time.js';

/**
 * Shared primitives of platform signatures (security.md §0): every platform folder
 * builds its own signed string, but parses and compares through these.
 */

/** Two signatures as text, compared in constant time; different lengths never match. */
export function signaturesEqual(given: string, expected: string): boolean {
  return equalInConstantTime(given, expected);
}

export type ParsedPairs = { ok: true; pairs: Map<string, string> } | { ok: false; duplicate: string };

/**
 * Parses a query string or a form body once (URLSearchParams decodes `%xx` and `+`),
 * refusing a key given twice: parsers disagree on which copy wins, and that
 * disagreement is exploitable (security.md §1a, platform-protocols.md R1).
 * `keep` picks the keys whose duplicates matter; others are dropped unread.
 */
export function parsePairsOnce(text: string, keep: (key: string) => boolean = () => true): ParsedPairs {
  const pairs = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (!keep(key)) continue;
    if (pairs.has(key)) return { ok: false, duplicate: key };
    pairs.set(key, value);
  }
  return { ok: true, pairs };
}

/** Keys in byte order (PHP ksort), never locale order. */
export function sortedKeys(pairs: Map<string, string>): string[] {
  return [...pairs.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
