/**
 * Form and query parsing for signature checks (security.md §0): platforms and payment providers
 * that sign `key=value` pairs parse them through these.
 */

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
