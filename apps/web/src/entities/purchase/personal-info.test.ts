import { OrderPersonalInfoSchema } from '@fxid/contract';
import { describe, expect, it } from 'vitest';
import { personalInfoProblems, toOrderPersonalInfo } from './personal-info';

const values = (email: string, phone = '') => ({ email, phone });

describe('personal-info form rules (spec store §5)', () => {
  it('takes an optional phone of the international pattern: optional plus, first digit 1-9, 2 to 15 digits', () => {
    for (const phone of ['+15551234567', '15551234567', '12', '+123456789012345', '  +4915112345678  ']) {
      expect(personalInfoProblems(values('a@b.co', phone), true), phone).toEqual({});
    }
    for (const phone of ['+0123', '1', '+1234567890123456', '555-1234', '+1 555 1234', '++15551234', 'phone']) {
      expect(personalInfoProblems(values('a@b.co', phone), true), phone).toEqual({
        phone: 'store.personalInfo.invalid_phone_number',
      });
    }
  });

  it('needs an email when the order requires one, and a valid one whenever given', () => {
    expect(personalInfoProblems(values('   '), true)).toEqual({ email: 'store.personalInfo.emailRequired' });
    expect(personalInfoProblems(values(''), false)).toEqual({});
    for (const email of [
      'player',
      'player@',
      '@example.com',
      'a b@example.com',
      'a@example',
      `${'a'.repeat(250)}@b.co`,
    ]) {
      expect(personalInfoProblems(values(email), false), email).toEqual({
        email: 'store.personalInfo.invalid_email',
      });
    }
    expect(personalInfoProblems(values('  player@example.com '), true)).toEqual({});
  });

  it('trims the values and sends an empty field as null, with the auto-confirm choice', () => {
    expect(toOrderPersonalInfo(values(' player@example.com ', ' +15551234567 '), true)).toEqual({
      Email: 'player@example.com',
      PhoneNumber: '+15551234567',
      IsAutoConfirm: true,
    });
    expect(toOrderPersonalInfo(values('', '  '), false)).toEqual({
      Email: null,
      PhoneNumber: null,
      IsAutoConfirm: false,
    });
  });

  it("accepts exactly what the server's schema accepts", () => {
    // A seeded generator (fast-check is not a dependency of the portal): near-misses of
    // both patterns, built from the characters that matter to them.
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (alphabet: string, max: number) =>
      Array.from({ length: Math.floor(next() * (max + 1)) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      );
    const cases: [string, string][] = [
      ['', ''],
      ['  ', ' '],
      ['a..b@example.com', ''],
      ['.a@example.com', ''],
      ['a.@example.com', ''],
      ["o'brien@example.ie", '+353 1'],
    ];
    for (let i = 0; i < 3000; i += 1) {
      const tidy = next() < 0.5;
      const local = pick(tidy ? 'ab1' : "ab.'+_- ", 6);
      const domain = `${pick(tidy ? 'ab1' : 'ab1.-', 8)}${next() < 0.8 ? `.${pick(tidy ? 'com' : 'comx1', 3)}` : ''}`;
      const email = `${local}${next() < 0.9 ? '@' : ''}${domain}`;
      const digits = next() < 0.4 ? '' : pick('0123456789', 17);
      const phone = `${next() < 0.2 ? ' ' : ''}${next() < 0.5 ? '+' : ''}${digits}${next() < 0.1 ? pick(' -+x', 2) : ''}`;
      cases.push([email, phone]);
    }
    let accepted = 0;
    for (const [email, phone] of cases) {
      const form = values(email, phone);
      const portal = Object.keys(personalInfoProblems(form, false)).length === 0;
      const server = OrderPersonalInfoSchema.safeParse(toOrderPersonalInfo(form, false)).success;
      expect(portal, JSON.stringify(form)).toBe(server);
      if (server) accepted += 1;
    }
    // Both sides of the rules were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(cases.length - accepted).toBeGreaterThan(200);
  });
});
