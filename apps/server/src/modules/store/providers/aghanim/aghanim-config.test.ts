import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.js';
import { PRODUCTION_ENV } from '../../../../test/production-env.js';
import { DEV_AGHANIM_KEYS } from './aghanim-config.js';

const production = PRODUCTION_ENV;
const keys = {
  AGHANIM_API_KEY: 'aghanim-s2s-key-0123456789',
  AGHANIM_WEBHOOK_SECRETS: 'webhook-secret-current-01, webhook-secret-previous-1',
};

describe("Aghanim's configuration", () => {
  it('takes Aghanim as a whole and lists every missing variable at start', () => {
    const full = loadConfig({ ...production, ...keys, PAYMENT_PROVIDER: 'aghanim' });
    expect(full.ok && full.config.store).toMatchObject({
      paymentProviders: ['aghanim'],
      providers: {
        aghanim: {
          apiKey: keys.AGHANIM_API_KEY,
          webhookSecrets: ['webhook-secret-current-01', 'webhook-secret-previous-1'],
          sandbox: false,
          apiBase: 'https://api.aghanim.com',
        },
      },
    });
    expect(loadConfig({ ...production, AGHANIM_API_KEY: keys.AGHANIM_API_KEY })).toEqual({
      ok: false,
      problems: ['AGHANIM_WEBHOOK_SECRETS: required with any Aghanim setting or when PAYMENT_PROVIDER names aghanim'],
    });
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'aghanim' })).toEqual({
      ok: false,
      problems: [
        'AGHANIM_API_KEY: required with any Aghanim setting or when PAYMENT_PROVIDER names aghanim',
        'AGHANIM_WEBHOOK_SECRETS: required with any Aghanim setting or when PAYMENT_PROVIDER names aghanim',
      ],
    });
    // Half configured in development too: only no keys at all means the offline fake.
    expect(loadConfig({ AGHANIM_WEBHOOK_SECRETS: keys.AGHANIM_WEBHOOK_SECRETS, PAYMENT_PROVIDER: 'aghanim' })).toEqual({
      ok: false,
      problems: ['AGHANIM_API_KEY: required with any Aghanim setting or when PAYMENT_PROVIDER names aghanim'],
    });
  });

  it('refuses sandbox payments and a test API in production', () => {
    expect(
      loadConfig({ ...production, ...keys, AGHANIM_SANDBOX: 'true', AGHANIM_API_BASE: 'http://127.0.0.1:1' }),
    ).toEqual({
      ok: false,
      problems: [
        'AGHANIM_SANDBOX: sandbox payments are refused in production',
        'AGHANIM_API_BASE: for tests only; production talks to api.aghanim.com',
      ],
    });
  });

  it('pays offline in development when listed without keys, and is off when not listed', () => {
    const dev = loadConfig({ PAYMENT_PROVIDER: 'aghanim,sandbox' });
    expect(dev.ok && dev.config.store.providers.aghanim).toEqual({
      apiKey: DEV_AGHANIM_KEYS.apiKey,
      webhookSecrets: [DEV_AGHANIM_KEYS.webhookSecret],
      sandbox: true,
      apiBase: null,
    });
    const unlisted = loadConfig({});
    expect(unlisted.ok && unlisted.config.store.providers.aghanim).toBeUndefined();
  });
});
