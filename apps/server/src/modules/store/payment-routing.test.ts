import type { StoreFlags } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type Config, testConfig } from '../../config.js';
import { type TestApp, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { useFakeStripe } from '../../test/fake-stripe.js';
import { useFakeXsolla } from '../../test/fake-xsolla.js';
import { signIn } from '../../test/sign-in.js';
import { storePost, useCatalogChange } from '../../test/store.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from './providers/sandbox/sandbox-config.js';

/**
 * Which way a game can pay, per game and per platform (README, Configuration): the
 * catalog's store flags choose among the providers PAYMENT_PROVIDER lists, in its
 * order; a host platform pays through its own payments; store_availability says so and
 * create_payment refuses with payments_not_available where there is no web provider.
 */

const SANDBOX = { webhookSecrets: [DEV_SANDBOX_WEBHOOK_SECRET] };

/** The demo catalog with gem-garden's store flags changed (sky-runner keeps Stripe and Xsolla). */
const gemGardenWith = (testApp: () => TestApp, flags: Partial<Record<keyof StoreFlags, boolean>>) =>
  useCatalogChange(testApp, {
    'gem-garden': (game) => {
      game.Store = { ...game.Store, ...flags };
    },
  });

const gemGardenWithoutStripe = (testApp: () => TestApp) =>
  gemGardenWith(testApp, {
    StripeEnabled: false,
    XsollaEnabled: false,
    YookassaEnabled: false,
    AghanimEnabled: false,
    Bank131Enabled: false,
    MoneyMailRuEnabled: false,
  });

const availability = async (app: FastifyInstance, Game: string, WebPublishingPlatform = 'FxId') =>
  (await storePost(app, '/store_availability', { Game, WebPublishingPlatform })).json();

async function buy(testApp: () => TestApp, Game: string, WebPublishingPlatform = 'FxId') {
  const { app, database } = testApp();
  const token = await signIn(app, database.handle.db, `buyer-${Game}-${WebPublishingPlatform}@example.com`);
  const Sku = Game === 'sky-runner' ? 'stars_100' : 'gems_50';
  return storePost(app, '/create_payment', { Game, Sku, WebPublishingPlatform, EmbeddingType: 'Embed' }, token);
}

function store(overrides: Partial<Config['store']>): Partial<Config> {
  return { store: { paymentProviders: [], providers: {}, gameWebhooks: {}, ...overrides } };
}

describeEachEngine('payment routing: PAYMENT_PROVIDER=stripe,sandbox', (engine) => {
  const stripe = useFakeStripe();
  const testApp = useTestApp(
    engine,
    store({ paymentProviders: ['stripe', 'sandbox'], providers: { stripe: stripe.config, sandbox: SANDBOX } }),
  );
  gemGardenWithoutStripe(testApp);

  it('sends a game with StripeEnabled to Stripe, and one without it to the next listed provider', async () => {
    const { app } = testApp();
    expect(await availability(app, 'sky-runner')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'stripe',
      Store: { StripeEnabled: true },
    });
    expect(await availability(app, 'gem-garden')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'sandbox',
      Store: { StripeEnabled: false },
    });
    const stripeOrder = await buy(testApp, 'sky-runner');
    expect(stripeOrder.statusCode, stripeOrder.body).toBe(200);
    expect(stripeOrder.json()).toMatchObject({ Merchant: 'stripe', Stripe: { PublishableKey: expect.any(String) } });
    const sandboxOrder = await buy(testApp, 'gem-garden');
    expect(sandboxOrder.statusCode, sandboxOrder.body).toBe(200);
    expect(sandboxOrder.json()).toMatchObject({ Merchant: 'sandbox', Sandbox: { CheckoutUrl: expect.any(String) } });
  });

  it("lets the portal's pages load Stripe.js while Stripe is configured", async () => {
    const { headers } = await testApp().app.inject('/api/docs');
    expect(headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(headers['content-security-policy']).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});

describeEachEngine('payment routing: PAYMENT_PROVIDER=stripe', (engine) => {
  const stripe = useFakeStripe();
  const testApp = useTestApp(engine, store({ paymentProviders: ['stripe'], providers: { stripe: stripe.config } }));
  gemGardenWithoutStripe(testApp);

  it('leaves a game whose flags enable no listed provider without web payments', async () => {
    const { app } = testApp();
    expect(await availability(app, 'sky-runner')).toMatchObject({ Available: true, PaymentProvider: 'stripe' });
    expect(await availability(app, 'gem-garden')).toEqual({
      Available: false,
      Game: 'gem-garden',
      PaymentChannel: null,
      PaymentProvider: null,
      Store: {
        XsollaEnabled: false,
        YookassaEnabled: false,
        StripeEnabled: false,
        AghanimEnabled: false,
        Bank131Enabled: false,
        MoneyMailRuEnabled: false,
      },
    });
    const refused = await buy(testApp, 'gem-garden');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      ErrorCode: 'payments_not_available',
      L10NKey: 'errors.payments_not_available',
      L10NParam: { Game: 'gem-garden', Platform: 'FxId' },
    });
    const orders = await testApp().database.handle.db.selectFrom('orders').select('id').execute();
    expect(orders).toEqual([]);
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toEqual([]);
  });
});

describeEachEngine('payment routing: PAYMENT_PROVIDER=stripe,xsolla', (engine) => {
  const stripe = useFakeStripe();
  const xsolla = useFakeXsolla();
  const testApp = useTestApp(
    engine,
    store({ paymentProviders: ['stripe', 'xsolla'], providers: { stripe: stripe.config, xsolla: xsolla.config } }),
  );
  gemGardenWith(testApp, { StripeEnabled: false, XsollaEnabled: true, YookassaEnabled: false });

  it('never offers Stripe to a game that enables only Xsolla, even with Stripe listed first', async () => {
    const { app } = testApp();
    expect(await availability(app, 'gem-garden')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'xsolla',
      Store: { StripeEnabled: false, XsollaEnabled: true },
    });
    // A game that enables both goes to the first one PAYMENT_PROVIDER lists.
    expect(await availability(app, 'sky-runner')).toMatchObject({ PaymentProvider: 'stripe' });
    const sessionsBefore = stripe.calls('POST', '/v1/checkout/sessions').length;
    const order = await buy(testApp, 'gem-garden');
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ Merchant: 'xsolla', Xsolla: { PaymentToken: expect.any(String) } });
    expect(order.json().Stripe).toBeUndefined();
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
  });

  it("lets the portal's pages frame Pay Station while Xsolla is configured", async () => {
    const { headers } = await testApp().app.inject('/api/docs');
    expect(headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/secure\.xsolla\.com/);
    expect(headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/sandbox-secure\.xsolla\.com/);
  });
});

describeEachEngine('payment routing per platform (development: sandbox, dev VK keys)', (engine) => {
  const testApp = useTestApp(engine, store({ paymentProviders: ['sandbox'], providers: { sandbox: SANDBOX } }));

  it("says a host platform's games are paid through the platform's own payments, not a web provider", async () => {
    const { app } = testApp();
    expect(await availability(app, 'sky-runner', 'VkontakteCom')).toMatchObject({
      Available: true,
      PaymentChannel: 'Platform',
      PaymentProvider: null,
    });
    // A string platform id is the same platform.
    expect(await availability(app, 'gem-garden', '3')).toMatchObject({ Available: true, PaymentChannel: 'Platform' });
    // Telegram Stars, with the dev bot of the game's PlatformData.TelegramBotId.
    expect(await availability(app, 'sky-runner', 'Telegram')).toMatchObject({
      Available: true,
      PaymentChannel: 'Platform',
      PaymentProvider: null,
    });
    // Yandex's purchase window, with the dev key of a game published on yandex.
    expect(await availability(app, 'sky-runner', 'YandexGames')).toMatchObject({
      Available: true,
      PaymentChannel: 'Platform',
      PaymentProvider: null,
    });
    // OK payments, with the dev OK keys of a game whose catalog names an OdnoklassnikiAppId.
    expect(await availability(app, 'sky-runner', 'Odnoklassniki')).toMatchObject({
      Available: true,
      PaymentChannel: 'Platform',
      PaymentProvider: null,
    });
    const yandex = await buy(testApp, 'sky-runner', 'YandexGames');
    expect([yandex.statusCode, yandex.json().ErrorCode]).toEqual([503, 'payments_not_available']);
    const telegram = await buy(testApp, 'sky-runner', 'Telegram');
    expect([telegram.statusCode, telegram.json().ErrorCode]).toEqual([503, 'payments_not_available']);
    const refused = await buy(testApp, 'sky-runner', 'VkontakteCom');
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([503, 'payments_not_available']);
    expect(refused.json().L10NParam).toEqual({ Game: 'sky-runner', Platform: 'VkontakteCom' });
  });

  it('answers no way to pay on a platform without payments here, or where the game is not published', async () => {
    const { app } = testApp();
    const none = { Available: false, PaymentChannel: null, PaymentProvider: null };
    expect(await availability(app, 'gem-garden', 'FacebookInstantGames')).toMatchObject(none);
    expect(await availability(app, 'gem-garden', 'CrazyGames')).toMatchObject(none);
    // CrazyGames sells through the web checkout (its buyer vouched for by the user token).
    expect(await availability(app, 'sky-runner', 'CrazyGames')).toEqual({
      Game: 'sky-runner',
      Store: expect.anything(),
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'sandbox',
    });
    expect(await availability(app, 'sky-runner', 'FxId')).toMatchObject({
      Available: true,
      PaymentProvider: 'sandbox',
    });
    const elsewhere = await buy(testApp, 'gem-garden', 'CrazyGames');
    expect([elsewhere.statusCode, elsewhere.json().ErrorCode]).toEqual([404, 'game_not_on_platform']);
    const unknown = await storePost(app, '/store_availability', { Game: 'no-such-game' });
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 'game_not_found']);
  });

  it('keeps Stripe out of the pages while Stripe is not configured', async () => {
    const { headers } = await testApp().app.inject('/api/docs');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('stripe');
    expect(headers['content-security-policy']).not.toContain('xsolla');
  });
});

describeEachEngine('payment routing without providers or platform keys (PAYMENT_PROVIDER=none)', (engine) => {
  const vkcom = { ...testConfig().platforms.vkcom, apps: {}, devSecret: undefined };
  // No Telegram settings at all: no bot, so no Stars.
  const { telegram: _telegram, ...platforms } = testConfig().platforms;
  const testApp = useTestApp(engine, { ...store({}), platforms: { ...platforms, vkcom } });

  it('takes no payments anywhere: no web provider, and no VK app or Telegram bot to take their payments', async () => {
    const { app } = testApp();
    const none = { Available: false, PaymentChannel: null, PaymentProvider: null };
    expect(await availability(app, 'sky-runner', 'FxId')).toMatchObject(none);
    expect(await availability(app, 'sky-runner', 'VkontakteCom')).toMatchObject(none);
    expect(await availability(app, 'sky-runner', 'Telegram')).toMatchObject(none);
    const refused = await buy(testApp, 'sky-runner');
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([503, 'payments_not_available']);
  });
});
