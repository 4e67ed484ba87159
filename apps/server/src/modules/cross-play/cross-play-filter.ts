import { CROSS_PLAY_FILTER_MAX_LENGTH, CROSS_PLAY_VALUE_MAX_LENGTH, type CrossPlayRule } from '@fxid/contract';
import { RE2JS } from 're2js';

/** Compiled expressions by pattern; filters come from the catalog, so the set is small. */
const compiled = new Map<string, RE2JS | null>();
const CACHE_LIMIT = 1000;

/**
 * RE2 (linear time) rather than JavaScript's backtracking engine: a filter such as
 * `/(a+)+$/` cannot hang the server. Syntax RE2 lacks (look-arounds, back-references)
 * counts as invalid, and an invalid expression never matches (spec §5).
 */
function compile(pattern: string): RE2JS | null {
  let expression = compiled.get(pattern);
  if (expression !== undefined) return expression;
  try {
    expression = RE2JS.compile(pattern);
  } catch {
    expression = null;
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, expression);
  return expression;
}

/**
 * One filter of an event rule against one event parameter (spec §5): empty matches
 * anything; `/…/` is a regular expression, found anywhere unless anchored; anything
 * else must be equal. A missing value fails a non-empty filter; over-long patterns
 * and values never match.
 */
export function matchesFilter(filter: string, value: string | undefined): boolean {
  if (filter === '') return true;
  if (value === undefined) return false;
  if (filter.length > CROSS_PLAY_FILTER_MAX_LENGTH || value.length > CROSS_PLAY_VALUE_MAX_LENGTH) return false;
  if (filter.length >= 2 && filter.startsWith('/') && filter.endsWith('/')) {
    const expression = compile(filter.slice(1, -1));
    return expression?.matcher(value).find() ?? false;
  }
  return filter === value;
}

/** Whether an event with these parameters satisfies every filter of a rule. */
export function matchesRule(rule: CrossPlayRule, params: [string?, string?, string?]): boolean {
  return (
    matchesFilter(rule.Filter1, params[0]) &&
    matchesFilter(rule.Filter2, params[1]) &&
    matchesFilter(rule.Filter3, params[2])
  );
}
