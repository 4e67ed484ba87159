import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.js';
import { pageConfigFor } from '../../../../http/portal.js';
import { PRODUCTION_ENV } from '../../../../test/production-env.js';
import { DEV_MONEYMAILRU_KEYS } from './moneymailru-config.js';

const production = PRODUCTION_ENV;
const keys = {
  MONEYMAILRU_SHOP_ID: '12345',
  MONEYMAILRU_SECRET_KEYS: 'shop-secret-current-0001, shop-secret-previous-001',
  MONEYMAILRU_API_KEY: 'merchant-api-key-0123456789',
};
const missing = (name: string) =>
  `${name}: required with any Money.Mail.Ru setting or when PAYMENT_PROVIDER names moneymailru`;

describe("Money.Mail.Ru's configuration", () => {
  it('takes Money.Mail.Ru as a whole, talking to its own hosts, and lists every missing variable at start', () => {
    const full = loadConfig({ ...production, ...keys, PAYMENT_PROVIDER: 'moneymailru' });
    expect(full.ok && full.config.store).toMatchObject({
      paymentProviders: ['moneymailru'],
      providers: {
        moneymailru: {
          shopId: '12345',
          secretKeys: ['shop-secret-current-0001', 'shop-secret-previous-001'],
          apiKey: keys.MONEYMAILRU_API_KEY,
          hosts: { pay: 'https://money.mail.ru', api: 'https://merchant.money.mail.ru' },
        },
      },
    });
    // Production trusts only Money.Mail.Ru's own three window origins: nothing is added to the page.
    expect(full.ok && pageConfigFor(full.config).MoneyMailRuOrigins).toBeUndefined();
    expect(loadConfig({ ...production, MONEYMAILRU_SHOP_ID: '12345' })).toEqual({
      ok: false,
      problems: [missing('MONEYMAILRU_SECRET_KEYS'), missing('MONEYMAILRU_API_KEY')],
    });
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'moneymailru' })).toEqual({
      ok: false,
      problems: [missing('MONEYMAILRU_SHOP_ID'), missing('MONEYMAILRU_SECRET_KEYS'), missing('MONEYMAILRU_API_KEY')],
    });
  });

  it('refuses a fake in production, and malformed values', () => {
    const result = loadConfig({ ...production, ...keys, MONEYMAILRU_BASE_URL: 'http://127.0.0.1:9' });
    expect(result).toEqual({
      ok: false,
      problems: ['MONEYMAILRU_BASE_URL: for tests and development only; production talks to money.mail.ru'],
    });
    const bad = loadConfig({ ...production, ...keys, MONEYMAILRU_SHOP_ID: 'shop', MONEYMAILRU_SECRET_KEYS: 'short' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/MONEYMAILRU_SHOP_ID[\s\S]*MONEYMAILRU_SECRET_KEYS/);
  });

  it("in development without keys serves the fake and trusts its window's origin", () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:8080', PAYMENT_PROVIDER: 'moneymailru' });
    expect(dev.ok && dev.config.store.providers.moneymailru).toEqual({
      shopId: DEV_MONEYMAILRU_KEYS.shopId,
      secretKeys: [DEV_MONEYMAILRU_KEYS.secretKey],
      apiKey: DEV_MONEYMAILRU_KEYS.apiKey,
      hosts: null,
    });
    expect(dev.ok && pageConfigFor(dev.config).MoneyMailRuOrigins).toEqual(['http://localhost:8080']);
    const fake = loadConfig({
      ...keys,
      PAYMENT_PROVIDER: 'moneymailru',
      MONEYMAILRU_BASE_URL: 'http://127.0.0.1:4555/',
    });
    expect(fake.ok && fake.config.store.providers.moneymailru?.hosts).toEqual({
      pay: 'http://127.0.0.1:4555',
      api: 'http://127.0.0.1:4555',
    });
    expect(fake.ok && pageConfigFor(fake.config).MoneyMailRuOrigins).toEqual(['http://127.0.0.1:4555']);
    // Not listed and no keys: off.
    const off = loadConfig({ PAYMENT_PROVIDER: 'sandbox' });
    expect(off.ok && off.config.store.providers.moneymailru).toBeUndefined();
  });
});
