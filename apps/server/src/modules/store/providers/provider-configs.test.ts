import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';

/** PAYMENT_ACCOUNTS: a company's or a game's own provider credentials, named by the catalog (PaymentProviders.*.Account). */
describe('payment accounts (PAYMENT_ACCOUNTS)', () => {
  const production = PRODUCTION_ENV;
  const acmeXsolla = {
    XSOLLA_MERCHANT_ID__ACME: '500001',
    XSOLLA_PROJECT_ID__ACME: '500002',
    XSOLLA_API_KEY__ACME: 'acme-xsolla-api-key-0001',
    XSOLLA_WEBHOOK_SECRETS__ACME: 'acme-project-secret-current',
  };
  const northYookassa = { YOOKASSA_SHOP_ID__NORTH: '700001', YOOKASSA_SECRET_KEY__NORTH: 'live_north0123456789' };

  it("reads each account's variables as the provider reads its own, beside the deployment's", () => {
    const result = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'xsolla,yookassa',
      PAYMENT_ACCOUNTS: 'acme, north',
      XSOLLA_MERCHANT_ID: '424242',
      XSOLLA_PROJECT_ID: '171717',
      XSOLLA_API_KEY: 'deployment-xsolla-api-key',
      XSOLLA_WEBHOOK_SECRETS: 'deployment-project-secret',
      YOOKASSA_SHOP_ID: '506751',
      YOOKASSA_SECRET_KEY: 'live_0123456789abcdef',
      ...acmeXsolla,
      ...northYookassa,
    });
    expect(result.ok, result.ok ? '' : result.problems.join('\n')).toBe(true);
    if (!result.ok) return;
    expect(result.config.store.providers.xsolla).toMatchObject({
      merchantId: 424242,
      apiKey: 'deployment-xsolla-api-key',
    });
    expect(result.config.store.accounts).toEqual({
      acme: {
        xsolla: {
          merchantId: 500001,
          projectId: 500002,
          apiKey: 'acme-xsolla-api-key-0001',
          webhookSecrets: ['acme-project-secret-current'],
          sandbox: false,
          apiBase: 'https://api.xsolla.com',
        },
      },
      north: {
        yookassa: expect.objectContaining({ shopId: '700001', secretKey: 'live_north0123456789', test: false }),
      },
    });
  });

  it('refuses half-configured accounts at start, with every bad variable listed', () => {
    const result = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'none',
      PAYMENT_ACCOUNTS: 'acme,north,empty,acme',
      XSOLLA_API_KEY__ACME: acmeXsolla.XSOLLA_API_KEY__ACME,
      XSOLLA_SANDBOX__ACME: 'true',
      YOOKASSA_SHOP_ID__NORTH: 'not-a-number',
      YOOKASSA_SECRET_KEY__NORTH: northYookassa.YOOKASSA_SECRET_KEY__NORTH,
      BANK131_PROJECT_ID__NORTH: 'north-project',
      STRIPE_SECRET_KEY__GHOST: 'sk_live_ghost',
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'PAYMENT_ACCOUNTS: acme is listed twice',
        'XSOLLA_MERCHANT_ID__ACME: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
        'XSOLLA_PROJECT_ID__ACME: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
        'XSOLLA_WEBHOOK_SECRETS__ACME: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
        'XSOLLA_SANDBOX__ACME: test payments are refused in production',
        'YOOKASSA_SHOP_ID__NORTH: Expected the numeric shopId',
        'BANK131_PROJECT_ID__NORTH: bank131 takes one set of credentials per deployment (no accounts)',
        'PAYMENT_ACCOUNTS: empty has no provider variables (e.g. XSOLLA_API_KEY__EMPTY)',
        'STRIPE_SECRET_KEY__GHOST: ghost is not a PAYMENT_ACCOUNTS entry',
      ],
    });
  });

  it('refuses a bad account name, and takes no development fake for an account', () => {
    expect(loadConfig({ PAYMENT_ACCOUNTS: 'Acme-EU' })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^PAYMENT_ACCOUNTS\.0: Expected a PAYMENT_ACCOUNTS name/)],
    });
    // In development an account's provider is configured by its variables only: no offline fake stands in.
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'xsolla', PAYMENT_ACCOUNTS: 'acme', XSOLLA_API_KEY__ACME: 'x'.repeat(20) }),
    ).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([
        'XSOLLA_MERCHANT_ID__ACME: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
      ]),
    });
    const dev = loadConfig({ PAYMENT_PROVIDER: 'yookassa', PAYMENT_ACCOUNTS: 'acme', ...acmeXsolla });
    expect(dev.ok && dev.config.store.accounts?.acme?.xsolla?.sandbox).toBe(true);
    // The deployment's own YooKassa, listed without keys, is the offline fake.
    expect(dev.ok && dev.config.store.providers.yookassa).toMatchObject({ apiBase: null, test: true });
  });
});
