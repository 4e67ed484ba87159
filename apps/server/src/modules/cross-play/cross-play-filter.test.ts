import { describe, expect, it } from 'vitest';
import { matchesFilter, matchesRule } from './cross-play-filter.js';

describe('cross-play filters (spec §5)', () => {
  it('matches anything, even a missing value, with an empty filter', () => {
    expect(matchesFilter('', undefined)).toBe(true);
    expect(matchesFilter('', '')).toBe(true);
    expect(matchesFilter('', 'storm-3')).toBe(true);
  });

  it('needs an exact, case-sensitive match without slashes', () => {
    expect(matchesFilter('garden', 'garden')).toBe(true);
    expect(matchesFilter('garden', 'Garden')).toBe(false);
    expect(matchesFilter('garden', 'garden-2')).toBe(false);
    expect(matchesFilter('/', '/')).toBe(true);
    expect(matchesFilter('a.b', 'axb')).toBe(false);
  });

  it('treats /…/ as a regular expression, found anywhere unless anchored', () => {
    expect(matchesFilter('/^(storm|sky)-\\d+$/', 'storm-12')).toBe(true);
    expect(matchesFilter('/^(storm|sky)-\\d+$/', 'storm-x')).toBe(false);
    expect(matchesFilter('/sky/', 'blue-sky-3')).toBe(true);
    expect(matchesFilter('//', 'anything')).toBe(true);
  });

  it('fails a non-empty filter when the value is missing', () => {
    expect(matchesFilter('garden', undefined)).toBe(false);
    expect(matchesFilter('/.*/', undefined)).toBe(false);
  });

  it('never matches with an invalid expression', () => {
    for (const filter of ['/(/', '/[a-/', '/a{2,1}/', '/(?<=a)b/', '/(a)\\1/']) {
      expect(matchesFilter(filter, 'ab'), filter).toBe(false);
      expect(matchesFilter(filter, 'aab'), filter).toBe(false);
    }
  });

  it('stays linear on catastrophic expressions and refuses over-long input', () => {
    // With JavaScript's backtracking engine each of these would run for years; RE2 answers at once.
    expect(matchesFilter('/^(a+)+$/', `${'a'.repeat(255)}!`)).toBe(false);
    expect(matchesFilter('/^(a|a)*$/', `${'a'.repeat(255)}!`)).toBe(false);
    expect(matchesFilter('/^(a|aa)+$/', `${'a'.repeat(255)}b`)).toBe(false);
    expect(matchesFilter('/a/', 'a'.repeat(257))).toBe(false);
    expect(matchesFilter(`/${'a'.repeat(250)}/`, 'a'.repeat(250))).toBe(false);
    expect(matchesFilter('x'.repeat(201), 'x'.repeat(201))).toBe(false);
  });

  it('checks the three filters against P1–P3 in order', () => {
    const rule = { Code: 'level_completed', Filter1: 'garden', Filter2: '', Filter3: '/^\\d+$/' };
    expect(matchesRule(rule, ['garden', undefined, '42'])).toBe(true);
    expect(matchesRule(rule, ['garden', 'x', 'forty'])).toBe(false);
    expect(matchesRule(rule, [undefined, undefined, '42'])).toBe(false);
  });
});
