import { describe, expect, it } from 'vitest';
import { plainText } from './text.js';

describe('plainText (security.md §12 row 45)', () => {
  const name = plainText().min(1).max(8);
  const message = plainText({ multiline: true }).max(100);

  it.each([
    ['NUL', 'Ann\u0000'],
    ['a right-to-left override', 'Ann\u202Eevil'],
    ['a left-to-right isolate', '\u2066Ann'],
    ['a right-to-left mark', 'Ann\u200F'],
    ['a zero-width space', 'An\u200Bn'],
    ['a word joiner', 'An\u2060n'],
    ['a byte-order mark inside', 'An\uFEFFn'],
    ['a C1 control', 'Ann\u0085'],
    ['a line break in a one-line field', 'Ann\nBob'],
  ])('refuses %s', (_what, text) => {
    expect(name.safeParse(text).success).toBe(false);
  });

  it('normalises to NFC and trims before counting', () => {
    expect(name.parse('  Re\u0301ne  ')).toBe('R\u00e9ne');
    expect(name.parse('Rene\u0301')).toBe('Ren\u00e9');
    expect(name.safeParse('   ').success).toBe(false);
    // Eight letters decomposed are sixteen code units: the limit counts the normalised text.
    expect(name.parse('e\u0301'.repeat(8))).toBe('\u00e9'.repeat(8));
  });

  it('keeps what real text needs: joiners in Persian words and emoji, line breaks in messages', () => {
    expect(name.parse('می\u200Cروم')).toBe('می\u200Cروم');
    expect(name.parse('👩\u200D💻')).toBe('👩\u200D💻');
    expect(message.parse('line one\nline two\ttab')).toBe('line one\nline two\ttab');
    expect(message.safeParse('line\u0000').success).toBe(false);
  });
});
