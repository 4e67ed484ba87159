import { describe, expect, it } from 'vitest';
import { emailProblem } from './email';

describe('emailProblem', () => {
  it.each(['player@example.com', ' Player.One+games@sub.example.co ', "o'neil@example.org"])('accepts %s', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it('requires an address', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('   ')).toBe('required');
  });

  it.each([
    'player',
    'player@',
    '@example.com',
    'player@example',
    'pla yer@example.com',
    'player@@example.com',
    '.player@example.com',
    'player..one@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %s', (email) => {
    expect(emailProblem(email)).toBe('invalid');
  });
});
