import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.js';
import { PRODUCTION_ENV } from '../../../../test/production-env.js';

const production = PRODUCTION_ENV;
const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
const banks = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = {
  BANK131_PROJECT_ID: 'game-studio-1',
  // As an environment file writes a PEM: on one line, newlines escaped.
  BANK131_PRIVATE_KEY: ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
  BANK131_PUBLIC_KEYS: banks.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  BANK131_WIDGET_URL: 'https://widget.example.com/card.js',
};
const REQUIRED = 'required with any Bank131 setting or when PAYMENT_PROVIDER names bank131';

describe('Bank131 configuration', () => {
  it('takes a whole setup: live host in production, the demo host in development', () => {
    const live = loadConfig({ ...production, ...keys, PAYMENT_PROVIDER: 'bank131' });
    expect(live.ok && live.config.store.paymentProviders).toEqual(['bank131']);
    expect(live.ok && live.config.store.providers.bank131).toMatchObject({
      projectId: 'game-studio-1',
      apiType: 'Bank131',
      apiBase: 'https://proxy.bank131.ru',
      demo: false,
      widgetUrl: keys.BANK131_WIDGET_URL,
    });
    const dev = loadConfig({ ...keys, PAYMENT_PROVIDER: 'bank131,sandbox' });
    expect(dev.ok && dev.config.store.providers.bank131).toMatchObject({
      apiBase: 'https://demo.bank131.ru',
      demo: true,
    });
  });

  it('runs the offline development bank when listed in development with no keys, never in production', () => {
    const dev = loadConfig({ PAYMENT_PROVIDER: 'bank131' });
    expect(dev.ok && dev.config.store.providers.bank131).toMatchObject({
      offline: true,
      demo: true,
      apiBase: '/dev/bank131',
      widgetUrl: '/dev/bank131/widget.js',
    });
    // Not listed: off, as every provider without its keys.
    const unlisted = loadConfig({});
    expect(unlisted.ok && unlisted.config.store.providers.bank131).toBeUndefined();
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'bank131' })).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([`BANK131_PROJECT_ID: ${REQUIRED}`]),
    });
  });

  it('refuses half a setup at boot, naming every missing or bad variable', () => {
    expect(loadConfig({ ...production, BANK131_PROJECT_ID: 'game-studio-1' })).toEqual({
      ok: false,
      problems: [
        `BANK131_PRIVATE_KEY: ${REQUIRED}`,
        `BANK131_PUBLIC_KEYS: ${REQUIRED}`,
        `BANK131_WIDGET_URL: ${REQUIRED}`,
      ],
    });
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'bank131' })).toMatchObject({ ok: false });
    const bad = loadConfig({ ...production, ...keys, BANK131_PRIVATE_KEY: 'not a key', BANK131_PUBLIC_KEYS: '-----' });
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems.join('\n');
    expect(problems).toContain('BANK131_PRIVATE_KEY');
    expect(problems).toContain('BANK131_PUBLIC_KEYS');
  });

  it('refuses demo payments in production, and Smart Glocal without its host', () => {
    expect(
      loadConfig({
        ...production,
        ...keys,
        BANK131_DEMO: 'true',
        BANK131_API_TYPE: 'SmartGLocal',
        PAYMENT_PROVIDER: 'bank131',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'BANK131_API_BASE: required for SmartGLocal (its API host)',
        'BANK131_DEMO: demo payments are refused in production',
      ],
    });
  });
});
