/**
 * A small built-in filter for player-written text (chat, names): masks common
 * profanity in English and Russian with asterisks, keeping the first letter.
 */
const BLOCKED = [
  'fuck',
  'shit',
  'bitch',
  'cunt',
  'asshole',
  'bastard',
  'хуй',
  'пизд',
  'ебат',
  'ебан',
  'бля',
  'сука',
  'мудак',
];
const PATTERN = new RegExp(`\\p{L}*(?:${BLOCKED.join('|')})\\p{L}*`, 'giu');

export function filterWords(text: string): { text: string; changed: boolean } {
  const filtered = text.replace(PATTERN, (word) => `${word[0]}${'*'.repeat(word.length - 1)}`);
  return { text: filtered, changed: filtered !== text };
}
