import { describe, expect, it } from 'vitest';
import { addressMatcher } from './notification-sources.js';
import { YOOKASSA_NOTIFICATION_SOURCES } from './yookassa-config.js';

describe("YooKassa's notification sources (security.md §8e)", () => {
  const fromYookassa = addressMatcher(YOOKASSA_NOTIFICATION_SOURCES);

  it('takes real prefix lengths: a /27 is 32 addresses, not a /24', () => {
    expect(fromYookassa('185.71.76.0')).toBe(true);
    expect(fromYookassa('185.71.76.31')).toBe(true);
    expect(fromYookassa('185.71.76.32')).toBe(false);
    expect(fromYookassa('77.75.154.128')).toBe(true);
    expect(fromYookassa('77.75.154.127')).toBe(false);
  });

  it('matches single addresses, IPv6 ranges and IPv4-mapped IPv6', () => {
    expect(fromYookassa('77.75.156.11')).toBe(true);
    expect(fromYookassa('77.75.156.12')).toBe(false);
    expect(fromYookassa('2a02:5180:0:1::5')).toBe(true);
    expect(fromYookassa('2a02:5181::1')).toBe(false);
    expect(fromYookassa('::ffff:185.71.77.5')).toBe(true);
    expect(fromYookassa('::ffff:127.0.0.1')).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(fromYookassa('')).toBe(false);
    expect(fromYookassa('185.71.76.1, 10.0.0.1')).toBe(false);
    expect(fromYookassa('unknown')).toBe(false);
  });
});
