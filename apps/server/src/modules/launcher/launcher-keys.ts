import { hash, randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a key read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 5;
const GROUP_LENGTH = 5;

/** A new key, `XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`: 125 random bits, printed once. */
export function newLauncherKey(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * The form a key is hashed in: upper case, without dashes or spaces, with the letters
 * Crockford reads as digits (O→0, I and L→1), so a key typed in any of those ways matches.
 */
export function normalizeLauncherKey(key: string): string {
  return key.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * What the database keeps of a key: the SHA-256 of its normalized form. Keys carry 125
 * random bits, so a fast hash is enough: there is nothing to guess through it.
 */
export function hashLauncherKey(key: string): string {
  return hash('sha256', normalizeLauncherKey(key), 'hex');
}
