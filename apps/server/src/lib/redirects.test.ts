import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirects.js';

const PUBLIC_URL = 'http://localhost:8080';
const ALLOWED = ['https://pay.example.com'];

/** Where a browser on some page of ours goes when told `Location: answer`. */
function followedFrom(page: string, answer: string): URL {
  return new URL(answer, page);
}

function check(target: string): string | undefined {
  try {
    return safeRedirect(target, PUBLIC_URL, ALLOWED);
  } catch {
    return undefined;
  }
}

/** Pieces an attacker strings together: dot segments, encoded dots, slashes and hosts. */
const piece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  '%2f',
  '%5c',
  'evil.com',
  'localhost:8080',
  '@',
  ':',
  'https:',
  'http:',
  '?',
  '#',
  'x',
  '\t',
  ' ',
  'Store',
);

describe('safeRedirect', () => {
  it('row 38: refuses dot segments that normalise to another host', () => {
    for (const target of ['/..//evil.com', '/.//evil.com', '/%2e%2e//evil.com', '/x/..//evil.com/a', '/./\\evil.com']) {
      expect(check(target), target).toBeUndefined();
    }
  });

  it('keeps same-site paths, normalised, and allowed origins', () => {
    expect(check('/Store/sky-runner?x=1#top')).toBe('/Store/sky-runner?x=1#top');
    expect(check('/a/../Profile')).toBe('/Profile');
    expect(check('http://localhost:8080/Profile')).toBe('/Profile');
    expect(check('https://pay.example.com/done')).toBe('https://pay.example.com/done');
  });

  it('row 38 (fuzzed): whatever it accepts keeps the browser on our origin or an allowed one', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
        (target) => {
          const answer = check(target);
          if (answer === undefined) return;
          for (const page of ['http://localhost:8080/LoginValidateEmail', 'http://localhost:8080/a/b/c']) {
            const landed = followedFrom(page, answer);
            expect([new URL(PUBLIC_URL).origin, ...ALLOWED], `${target} → ${answer}`).toContain(landed.origin);
          }
          if (answer.startsWith('/')) expect(answer).not.toMatch(/^\/[/\\]/);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('row 38 (fuzzed): arbitrary text never leads off the site', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (target) => {
        const answer = check(target);
        if (answer === undefined) return;
        const landed = followedFrom('http://localhost:8080/x', answer);
        expect([new URL(PUBLIC_URL).origin, ...ALLOWED]).toContain(landed.origin);
      }),
      { numRuns: 5000 },
    );
  });
});
