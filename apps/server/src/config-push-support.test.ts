import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { PRODUCTION_ENV } from './test/production-env.js';

const production = PRODUCTION_ENV;
const vapid = {
  VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
  VAPID_PRIVATE_KEY: Buffer.alloc(32, 2).toString('base64url'),
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

describe('support and Web Push configuration', () => {
  it('generates VAPID keys and a support address in development only', () => {
    const dev = loadConfig({});
    expect(dev.ok && dev.config.supportEmail).toBe('support@localhost');
    const keys = dev.ok ? dev.config.vapid : undefined;
    expect(keys).toMatchObject({ subject: 'mailto:support@localhost', generated: true });
    expect(Buffer.from(keys?.publicKey ?? '', 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys?.privateKey ?? '', 'base64url')).toHaveLength(32);
    const prod = loadConfig(production);
    expect(prod.ok && [prod.config.supportEmail, prod.config.vapid]).toEqual([undefined, undefined]);
  });

  it('reads SUPPORT_EMAIL and the three VAPID variables', () => {
    const result = loadConfig({ ...production, ...vapid, SUPPORT_EMAIL: 'help@example.com' });
    expect(result.ok && result.config.supportEmail).toBe('help@example.com');
    expect(result.ok && result.config.vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@example.com',
      generated: false,
    });
  });

  it('refuses malformed values and half a VAPID setup', () => {
    const problems = (env: Record<string, string>) => {
      const result = loadConfig({ ...production, ...env });
      return result.ok ? [] : result.problems;
    };
    expect(problems({ SUPPORT_EMAIL: 'not-an-email' })).toEqual([expect.stringMatching(/^SUPPORT_EMAIL:/)]);
    expect(problems({ ...vapid, VAPID_PUBLIC_KEY: 'abc' })).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY:/)]);
    expect(problems({ ...vapid, VAPID_PRIVATE_KEY: 'abc' })).toEqual([expect.stringMatching(/^VAPID_PRIVATE_KEY:/)]);
    expect(problems({ ...vapid, VAPID_SUBJECT: 'ops@example.com' })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT:/),
    ]);
    expect(problems({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three or none',
    ]);
  });
});
