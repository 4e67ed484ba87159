import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { useFakeStripe } from '../../test/fake-stripe.js';
import { FAKE_XSOLLA_KEYS, useFakeXsolla } from '../../test/fake-xsolla.js';
import { useFakeYookassa } from '../../test/fake-yookassa.js';
import { signIn } from '../../test/sign-in.js';
import { orderOf, storePost, useCatalogChange } from '../../test/store.js';
import type { CatalogGame } from '../catalog/catalog-schema.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from './providers/sandbox/sandbox-config.js';

/**
 * The catalog's PaymentProviders rules (README, Which way a game pays): per game, the currencies
 * and platforms a provider takes, and whose credentials (PAYMENT_ACCOUNTS) its checkouts use.
 * A provider never offered is never in store_availability's flags, and create_payment never uses it.
 */

const rules =
  (store: Partial<CatalogGame['Store']>, providers: CatalogGame['PaymentProviders']) => (game: CatalogGame) => {
    game.Store = { ...game.Store, ...store };
    game.PaymentProviders = providers;
  };

const availability = async (app: FastifyInstance, Game: string, WebPublishingPlatform = 'FxId', Currency?: string) =>
  (
    await storePost(app, '/store_availability', { Game, WebPublishingPlatform, ...(Currency ? { Currency } : {}) })
  ).json();

function buyer(testApp: () => TestApp) {
  const tokens = new Map<string, string>();
  return async (Game: string, Sku: string, WebPublishingPlatform = 'FxId') => {
    const { app, database } = testApp();
    const token = tokens.get(Game) ?? (await signIn(app, database.handle.db, `choice-${Game}@example.com`));
    tokens.set(Game, token);
    return storePost(app, '/create_payment', { Game, Sku, WebPublishingPlatform, EmbeddingType: 'Embed' }, token);
  };
}

describeEachEngine('payment choice per currency and platform: PAYMENT_PROVIDER=stripe,yookassa,sandbox', (engine) => {
  const stripe = useFakeStripe();
  const yookassa = useFakeYookassa();
  const testApp = useTestApp(engine, {
    store: {
      paymentProviders: ['stripe', 'yookassa', 'sandbox'],
      providers: {
        stripe: stripe.config,
        yookassa: yookassa.config,
        sandbox: { webhookSecrets: [DEV_SANDBOX_WEBHOOK_SECRET] },
      },
      gameWebhooks: {},
    },
  });
  useCatalogChange(testApp, {
    // Gem Garden sells in EUR: Stripe takes only USD here, YooKassa EUR and RUB.
    'gem-garden': rules(
      { StripeEnabled: true, YookassaEnabled: true },
      { stripe: { Currencies: ['USD'] }, yookassa: { Currencies: ['EUR', 'RUB'] } },
    ),
    // Sky Runner (USD) takes Stripe on the portal's own site only.
    'sky-runner': rules({ StripeEnabled: true, XsollaEnabled: false }, { stripe: { Platforms: ['fxid'] } }),
  });
  const buy = buyer(testApp);

  it("sends a product to the first listed provider that takes its currency, and never offers one that doesn't", async () => {
    const { app } = testApp();
    expect(await availability(app, 'gem-garden')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'yookassa',
      Store: { StripeEnabled: false, YookassaEnabled: true, XsollaEnabled: false, AghanimEnabled: false },
    });
    const sessionsBefore = stripe.calls('POST', '/v1/checkout/sessions').length;
    const order = await buy('gem-garden', 'gems_50');
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ Merchant: 'yookassa', OrderPrice: { Amount: 149, Currency: 'EUR' } });
    expect(order.json().Stripe).toBeUndefined();
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    expect((await orderOf(testApp().database.handle.db, order.json().TransactionId)).provider).toBe('yookassa');
    const data = await storePost(app, '/store_data', { Game: 'gem-garden' });
    expect(data.json().Products.map((product: { Sku: string }) => product.Sku)).toEqual([
      'gems_50',
      'garden_pass',
      'garden_bundle',
    ]);
    expect(data.json().Store).toMatchObject({ StripeEnabled: false, YookassaEnabled: true });
  });

  it('offers a provider only on the platforms its rule names', async () => {
    const { app } = testApp();
    expect(await availability(app, 'sky-runner', 'FxId')).toMatchObject({
      PaymentProvider: 'stripe',
      Store: { StripeEnabled: true },
    });
    // On CrazyGames (web checkout) Stripe is not allowed: the sandbox, which needs no flag, takes it.
    expect(await availability(app, 'sky-runner', 'CrazyGames')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'sandbox',
      Store: { StripeEnabled: false },
    });
    // A host platform pays through its own payments: no web provider's flag is on there.
    expect(await availability(app, 'sky-runner', 'VkontakteCom')).toMatchObject({
      PaymentChannel: 'Platform',
      Store: { StripeEnabled: false, YookassaEnabled: false, XsollaEnabled: false },
    });
  });
});

describeEachEngine('payment choice: no listed provider takes the currency (PAYMENT_PROVIDER=stripe)', (engine) => {
  const stripe = useFakeStripe();
  const testApp = useTestApp(engine, {
    store: { paymentProviders: ['stripe'], providers: { stripe: stripe.config }, gameWebhooks: {} },
  });
  useCatalogChange(testApp, { 'gem-garden': rules({ StripeEnabled: true }, { stripe: { Currencies: ['USD'] } }) });
  const buy = buyer(testApp);

  it('shows no product it cannot sell and refuses the purchase without creating an order', async () => {
    const { app } = testApp();
    expect(await availability(app, 'gem-garden')).toMatchObject({
      Available: false,
      PaymentChannel: 'Web',
      PaymentProvider: null,
      Store: { StripeEnabled: false },
    });
    // USD asked for, but the game sells nothing in USD: its own currencies decide.
    expect(await availability(app, 'gem-garden', 'FxId', 'USD')).toMatchObject({ Available: false });
    expect((await storePost(app, '/store_data', { Game: 'gem-garden' })).json().Products).toEqual([]);
    const refused = await buy('gem-garden', 'gems_50');
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([503, 'payments_not_available']);
    expect(await testApp().database.handle.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toEqual([]);
  });
});

const ACME_XSOLLA = {
  merchantId: 510001,
  projectId: 510002,
  apiKey: 'acme-xsolla-api-key-0001',
  webhookSecrets: ['acme-xsolla-project-secret-0001'],
} as const;

function postXsolla(app: FastifyInstance, path: string, body: string, authorization: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/store/webhooks/${path}`,
    payload: body,
    headers: { 'content-type': 'application/json', authorization },
  });
}

describeEachEngine("per-game credentials: Gem Garden's Xsolla is account acme's (PAYMENT_ACCOUNTS)", (engine) => {
  const deployment = useFakeXsolla();
  const acme = useFakeXsolla(ACME_XSOLLA);
  const testApp = useTestApp(engine, {
    store: {
      paymentProviders: ['xsolla'],
      providers: { xsolla: deployment.config },
      accounts: { acme: { xsolla: acme.config } },
      gameWebhooks: {},
    },
  });
  useCatalogChange(testApp, {
    'gem-garden': rules({ XsollaEnabled: true }, { xsolla: { Account: 'acme' } }),
    'sky-runner': rules({ XsollaEnabled: true, StripeEnabled: false }, {}),
  });
  const buy = buyer(testApp);
  const detailed = async (Game: string, TransactionId: string) => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, `choice-${Game}@example.com`);
    return (await storePost(app, '/get_payment_status', { Game, TransactionId }, token)).json().Order.DetailedStatus;
  };

  it("opens each game's checkouts with its own merchant account and takes its notifications only on its own path", async () => {
    const { app } = testApp();
    const gem = await buy('gem-garden', 'gems_50');
    expect(gem.statusCode, gem.body).toBe(200);
    const sky = await buy('sky-runner', 'stars_100');
    expect(sky.statusCode, sky.body).toBe(200);
    expect(acme.calls('POST', '/token')).toHaveLength(1);
    expect(deployment.calls('POST', '/token')).toHaveLength(1);
    const gemRow = await orderOf(testApp().database.handle.db, gem.json().TransactionId);
    expect(gemRow.provider).toBe('xsolla:acme');
    expect(gem.json().Merchant).toBe('xsolla');

    const paid = acme.pay(gem.json().Xsolla.PaymentToken);
    // The deployment's endpoint verifies with the deployment's secrets: acme's signature is refused there.
    expect((await postXsolla(app, 'xsolla', paid, acme.sign(paid))).statusCode).toBe(401);
    // Acme's endpoint refuses the deployment's signature (forged for this account).
    expect(
      (await postXsolla(app, 'xsolla/acme', paid, deployment.sign(paid, FAKE_XSOLLA_KEYS.webhookSecrets[0])))
        .statusCode,
    ).toBe(401);
    expect(await detailed('gem-garden', gem.json().TransactionId)).toBe('WaitingForPayment');
    expect((await postXsolla(app, 'xsolla/acme', paid, acme.sign(paid))).statusCode).toBe(204);
    expect(await detailed('gem-garden', gem.json().TransactionId)).toBe('Completed');
    // Replayed: taken once.
    expect((await postXsolla(app, 'xsolla/acme', paid, acme.sign(paid))).statusCode).toBe(204);
    const events = await testApp().database.handle.db.selectFrom('payment_events').select(['provider']).execute();
    expect(events).toEqual([{ provider: 'xsolla:acme' }]);

    // An order of the deployment's account, notified on acme's path with acme's signature, is not acme's to move.
    const skyToken = deployment.requireToken(sky.json().Xsolla.PaymentToken);
    const foreign = acme.notification('payment', skyToken, 77, { projectId: ACME_XSOLLA.projectId });
    expect((await postXsolla(app, 'xsolla/acme', foreign, acme.sign(foreign))).statusCode).toBe(204);
    expect(await detailed('sky-runner', sky.json().TransactionId)).toBe('WaitingForPayment');
    // No account of that name here: 404.
    const nobody = await postXsolla(app, 'xsolla/nobody', paid, acme.sign(paid));
    expect([nobody.statusCode, nobody.json().ErrorCode]).toEqual([404, 'not_found']);
  });
});

describeEachEngine('per-game credentials: an account not configured here is never offered', (engine) => {
  const deployment = useFakeXsolla();
  const testApp = useTestApp(engine, {
    store: { paymentProviders: ['xsolla'], providers: { xsolla: deployment.config }, gameWebhooks: {} },
  });
  useCatalogChange(testApp, { 'gem-garden': rules({ XsollaEnabled: true }, { xsolla: { Account: 'ghost' } }) });
  const buy = buyer(testApp);

  it("does not fall back to the deployment's credentials", async () => {
    const { app } = testApp();
    expect(await availability(app, 'gem-garden')).toMatchObject({
      Available: false,
      PaymentProvider: null,
      Store: { XsollaEnabled: false },
    });
    const refused = await buy('gem-garden', 'gems_50');
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([503, 'payments_not_available']);
    expect(deployment.calls('POST', '/token')).toEqual([]);
  });
});
