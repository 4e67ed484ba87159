import { describe, expect, it } from 'vitest';
import { notificationSourceIp } from './notification-source.js';

describe('where a notification came from', () => {
  it('is the TCP peer without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(notificationSourceIp('203.0.113.9', { 'x-forwarded-for': '185.71.76.5' }, false)).toBe('203.0.113.9');
  });

  it("is the proxy's last hop behind a trusted proxy, never a client-written left-most entry", () => {
    const spoofed = { 'x-forwarded-for': '185.71.76.5, 203.0.113.9' };
    expect(notificationSourceIp('10.0.0.2', spoofed, true)).toBe('203.0.113.9');
    expect(notificationSourceIp('10.0.0.2', { 'x-forwarded-for': '185.71.76.5' }, true)).toBe('185.71.76.5');
    expect(notificationSourceIp('10.0.0.2', {}, true)).toBe('10.0.0.2');
  });
});
