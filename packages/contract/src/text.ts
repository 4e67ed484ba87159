import { z } from 'zod';

/**
 * Characters that change how text looks without being seen: C0 and C1 controls
 * (NUL included), the bidi embeddings, overrides, isolates and marks that reorder
 * what friends read ("Trojan Source"), and invisible spaces and joiners that make
 * two names look alike (security.md §12 row 45). ZWNJ and ZWJ (U+200C, U+200D) stay
 * allowed: Persian and Indic words and emoji sequences need them.
 */
const INVISIBLE =
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
/** Line breaks and tabs, allowed only in multi-line text. */
const LINE_BREAKS = '\\t\\n\\r';

const SINGLE_LINE = new RegExp(`^[^${INVISIBLE}${LINE_BREAKS}]*$`, 'u');
const MULTI_LINE = new RegExp(`^[^${INVISIBLE}]*$`, 'u');

export const INVISIBLE_CHARACTERS_MESSAGE = 'Must not contain control, invisible or text-direction characters';

/**
 * Text a person typed and other people will read: trimmed, in Unicode NFC (so one
 * name has one spelling), and free of invisible and text-direction characters.
 * Every user-visible text field of the API starts from this, once; callers chain
 * their own length limits after it (they then count the normalised text).
 */
export function plainText(options: { multiline?: boolean; required?: string } = {}) {
  return z
    .string(options.required)
    .trim()
    .normalize('NFC')
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, INVISIBLE_CHARACTERS_MESSAGE);
}
