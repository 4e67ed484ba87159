import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { sealingKey } from './lib/sealed-text.js';
import { PRODUCTION_ENV } from './test/production-env.js';

describe('loadConfig', () => {
  it('gives a working development configuration with no variables at all', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      mode: 'development',
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: 'sqlite:./data/fxid.sqlite',
      catalogFile: 'catalog/demo.yaml',
      portal: { routerBasePath: '/', routerType: 'browser', defaultLocale: 'en' },
    });
    expect(result.config.portal.locales).toHaveLength(14);
  });

  it('reads every variable', () => {
    const result = loadConfig({
      NODE_ENV: 'production',
      HOST: '10.0.0.5',
      PORT: '9000',
      PUBLIC_URL: 'https://play.example.com/',
      DATABASE_URL: 'postgres://fxid@db/fxid',
      SQLITE_SYNCHRONOUS: 'normal',
      LOG_LEVEL: 'warn',
      BODY_LIMIT_BYTES: '65536',
      REQUEST_TIMEOUT_MS: '15000',
      MAX_CONNECTIONS_PER_IP: '32',
      CATALOG_FILE: '/etc/fxid/catalog.yaml',
      REDIRECT_ALLOWLIST: 'https://shop.example.com/return, https://pay.example.com',
      RATE_LIMIT_ALLOWLIST: '10.0.0.9, ::1',
      TURNSTILE_SECRET: '0x4AAAAAAAreal-secret',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      TURNSTILE_SITE_KEY: '0x4AAAAAAAsite-key',
      GAME_SECRETS: 'sky-runner=0123456789abcdef-old,gem-garden=fedcba9876543210,sky-runner=0123456789abcdef-new',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Foxhound <hello@example.com>',
      OUTBOX_INTERVAL_MS: '250',
      OUTBOX_LEASE_MS: '30000',
      OUTBOX_CONCURRENCY: '8',
      OUTBOX_DESTINATION_CONCURRENCY: '2',
      REDIS_URL: 'rediss://cache.internal:6380',
      METRICS_PORT: '9464',
      SHUTDOWN_GRACE_MS: '15000',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-0123456789-new, sandbox-secret-0123456789-old',
      GAME_WEBHOOKS: 'sky-runner=https://sky.example.com/fxid,gem-garden=http://10.0.0.7:8000/hook',
      WEB_DIST_DIR: '/srv/web',
      SDK_DIST_DIR: '/srv/sdk',
      LAUNCHER_ARTIFACTS_DIR: '/srv/launcher-artifacts',
      TRUST_PROXY: 'true',
      FRAME_ANCESTORS: "'self' https://vk.com",
      ROUTER_BASE_PATH: '/games/',
      ROUTER_TYPE: 'hash',
      API_BASE_PATH: 'https://api.example.com',
      FIXED_GAME: 'sky-runner',
      FORCED_ADAPTER: 'yandex',
      LOCALES: 'en, ru',
      DEFAULT_LOCALE: 'ru',
      ERROR_TUNNEL_DSNS: 'https://abc123@o1.ingest.sentry.io/42',
      ERROR_TUNNEL_MAX_BYTES: '10485760',
      VK_APPS:
        'sky-runner=51234567:vk-secure-key-old-0001, sky-runner=51234567:vk-secure-key-new-0002,gem-garden=7654321:gem-garden-vk-secure-key',
      VK_LAUNCH_MAX_AGE_SECONDS: '3600',
      YANDEX_GAMES_SECRETS: 'sky-runner=yandex-secret-old,sky-runner=yandex-secret-new',
      OK_APPS: 'sky-runner=512000000001:CBAPUBLICKEY:ok-secret-key-0000001',
      VKPLAY_APPS: 'sky-runner=2000001:vkplay-secret-key-0000001',
      AG_APPS: 'sky-runner=ag-sky-runner:ag-secret-key-old-0001, sky-runner=ag-sky-runner:ag-secret-key-new-0002',
      AG_LAUNCH_MAX_AGE_SECONDS: '7200',
      WIZQ_APPS: 'sky-runner=13000001:wizq-consumer-secret-0001',
      STEAM_APPS: 'sky-runner=2400001:steam-publisher-key-0001',
      STEAM_MICROTXN_SANDBOX: 'true',
      YANDEX_SIGNED_MAX_AGE_SECONDS: '600',
      TELEGRAM_BOTS: 'sky-runner=7100000001:AAFakeSkyRunnerBotTokenForTests0001,gem-garden=7100000002',
      TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: '600',
      TELEGRAM_THIRD_PARTY_KEY: 'production',
      TELEGRAM_WEBHOOK_SECRET: 'telegram-webhook-secret-0001',
      CRAZYGAMES_GAME_IDS: 'sky-runner=cg-4711',
      CRAZYGAMES_PUBLIC_KEY_TTL_SECONDS: '300',
      KONGREGATE_API_KEYS: 'gem-garden=kong-api-key-0001',
      KONGREGATE_API_URL: 'https://api.kongregate.example',
      FB_INSTANT_APPS:
        'sky-runner=1730000000000001:fb-instant-secret-0001,sky-runner=1730000000000001:fb-instant-secret-0002',
      FB_INSTANT_SIGNED_MAX_AGE_SECONDS: '900',
      FB_GAMES_APPS: 'sky-runner=1740000000000001:fb-games-secret-00001',
      FB_GAMES_SIGNED_MAX_AGE_SECONDS: '1200',
      FB_GAMES_WEBHOOK_VERIFY_TOKEN: 'fb-verify-token-0001',
      TWITCH_APPS: 'sky-runner=skyrunnerclient01:live-twitch-client-secret-0001',
      TWITCH_ID_URL: 'https://id.twitch.example/',
      DATA_ENCRYPTION_KEY: 'a-production-data-encryption-key-0001',
      MYGAMES_APPS: 'sky-runner=client.1:live-mygames-secret-0001',
      MYGAMES_OAUTH_URL: 'https://oauth.mygames.example',
    });
    expect(result).toEqual({
      ok: true,
      config: {
        mode: 'production',
        errorTunnel: { dsns: ['https://abc123@o1.ingest.sentry.io/42'], maxBytes: 10_485_760 },
        firebase: {
          keysUrl: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
          devIssuer: false,
        },
        vkid: { baseUrl: 'https://id.vk.ru', devStandIn: false },
        dataConnections: {
          twitch: {
            apps: { 'sky-runner': { appId: 'skyrunnerclient01', secrets: ['live-twitch-client-secret-0001'] } },
            idUrl: 'https://id.twitch.example',
          },
          sealingKey: sealingKey('a-production-data-encryption-key-0001'),
        },
        myGames: {
          apps: { 'sky-runner': { appId: 'client.1', secrets: ['live-mygames-secret-0001'] } },
          oauthUrl: 'https://oauth.mygames.example',
        },
        host: '10.0.0.5',
        port: 9000,
        publicUrl: 'https://play.example.com',
        databaseUrl: 'postgres://fxid@db/fxid',
        sqliteSynchronous: 'normal',
        logLevel: 'warn',
        logFormat: 'json',
        bodyLimitBytes: 65536,
        requestTimeoutMs: 15000,
        maxConnectionsPerIp: 32,
        catalogFile: '/etc/fxid/catalog.yaml',
        webDistDir: '/srv/web',
        sdkDistDir: '/srv/sdk',
        launcherArtifactsDir: '/srv/launcher-artifacts',
        trustProxy: true,
        frameAncestors: ["'self'", 'https://vk.com'],
        redirectAllowlist: ['https://shop.example.com', 'https://pay.example.com'],
        rateLimitAllowlist: ['10.0.0.9', '::1'],
        turnstile: {
          secret: '0x4AAAAAAAreal-secret',
          verifyUrl: 'http://127.0.0.1:9/siteverify',
          siteKey: '0x4AAAAAAAsite-key',
        },
        gameSecrets: {
          byGame: {
            'sky-runner': ['0123456789abcdef-old', '0123456789abcdef-new'],
            'gem-garden': ['fedcba9876543210'],
          },
          devFallback: undefined,
        },
        mail: { smtpUrl: 'smtp://mail.example.com:587', from: 'Foxhound <hello@example.com>' },
        outboxIntervalMs: 250,
        outboxLeaseMs: 30000,
        outboxLimits: { concurrency: 8, perDestination: 2 },
        redis: { url: 'rediss://cache.internal:6380', keyPrefix: 'fxid:' },
        metrics: { port: 9464, token: undefined },
        shutdownGraceMs: 15_000,
        store: {
          paymentProviders: ['sandbox'],
          providers: {
            sandbox: { webhookSecrets: ['sandbox-secret-0123456789-new', 'sandbox-secret-0123456789-old'] },
          },
          gameWebhooks: { 'sky-runner': 'https://sky.example.com/fxid', 'gem-garden': 'http://10.0.0.7:8000/hook' },
        },
        portal: {
          routerBasePath: '/games/',
          routerType: 'hash',
          apiBasePath: 'https://api.example.com',
          fixedGame: 'sky-runner',
          forcedAdapter: 'yandex',
          locales: ['en', 'ru'],
          defaultLocale: 'ru',
        },
        // Nothing configured: no game sells natively (native-config.test.ts reads the variables).
        nativeInApp: {
          googlePlay: {
            packages: {},
            serviceAccount: undefined,
            apiUrl: 'https://androidpublisher.googleapis.com/',
            tokenUrl: 'https://oauth2.googleapis.com/token',
            dev: false,
          },
          appStore: {
            apps: {},
            environment: 'Production',
            apiKey: undefined,
            rootCertificates: [],
            apiUrl: 'https://api.storekit.apple.com',
            dev: false,
          },
        },
        platforms: {
          vkcom: {
            apps: {
              'sky-runner': { appId: '51234567', secrets: ['vk-secure-key-old-0001', 'vk-secure-key-new-0002'] },
              'gem-garden': { appId: '7654321', secrets: ['gem-garden-vk-secure-key'] },
            },
            devSecret: undefined,
            launchMaxAgeSeconds: 3600,
          },
          yandex: {
            secrets: { 'sky-runner': ['yandex-secret-old', 'yandex-secret-new'] },
            devSecretPrefix: undefined,
            signedMaxAgeSeconds: 600,
            sdkUrl: '/sdk.js',
          },
          telegram: {
            bots: {
              'sky-runner': { botId: '7100000001', tokens: ['7100000001:AAFakeSkyRunnerBotTokenForTests0001'] },
              'gem-garden': { botId: '7100000002', tokens: [] },
            },
            devTokenSecret: undefined,
            thirdPartyKey: expect.anything(),
            initDataMaxAgeSeconds: 600,
            botApiUrl: 'https://api.telegram.org',
            webhookSecret: 'telegram-webhook-secret-0001',
          },
          ok: {
            apps: {
              'sky-runner': { appId: '512000000001', publicKey: 'CBAPUBLICKEY', secrets: ['ok-secret-key-0000001'] },
            },
            dev: undefined,
            fapiUrl: 'https://api.ok.ru/js/fapi5.js',
          },
          vkplay: {
            apps: { 'sky-runner': { appId: '2000001', secrets: ['vkplay-secret-key-0000001'] } },
            dev: undefined,
            coreUrl: 'https://vkplay.ru/app/{appid}/static/mailru.core.js',
          },
          crazygames: {
            gameIds: { 'sky-runner': 'cg-4711' },
            devGameIdPrefix: undefined,
            publicKeyUrl: 'https://sdk.crazygames.com/publicKey.json',
            publicKeyTtlSeconds: 300,
            sdkUrl: 'https://sdk.crazygames.com/crazygames-sdk-v3.js',
          },
          kg: {
            apiKeys: { 'gem-garden': 'kong-api-key-0001' },
            devApiKeyPrefix: undefined,
            apiUrl: 'https://api.kongregate.example',
            scriptUrl: 'https://cdn1.kongregate.com/javascripts/kongregate_api.js',
          },
          fbinstantgames: {
            apps: {
              'sky-runner': {
                appId: '1730000000000001',
                secrets: ['fb-instant-secret-0001', 'fb-instant-secret-0002'],
              },
            },
            devSecretPrefix: undefined,
            signedMaxAgeSeconds: 900,
            sdkUrl: 'https://connect.facebook.net/en_US/fbinstant.7.1.js',
          },
          fbgames: {
            apps: { 'sky-runner': { appId: '1740000000000001', secrets: ['fb-games-secret-00001'] } },
            devSecretPrefix: undefined,
            signedMaxAgeSeconds: 1200,
            graphUrl: 'https://graph.facebook.com/v19.0',
            webhookVerifyToken: 'fb-verify-token-0001',
            sdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
          },
          ag: {
            apps: {
              'sky-runner': { appId: 'ag-sky-runner', secrets: ['ag-secret-key-old-0001', 'ag-secret-key-new-0002'] },
            },
            dev: undefined,
            launchMaxAgeSeconds: 7200,
          },
          ymobage: {
            apps: { 'sky-runner': { appId: '13000001', secrets: ['wizq-consumer-secret-0001'] } },
            dev: undefined,
          },
          steam: {
            apps: { 'sky-runner': { appId: '2400001', secrets: ['steam-publisher-key-0001'] } },
            devKey: undefined,
            apiUrl: 'https://partner.steam-api.com',
            sandbox: true,
            bridgeUrl: undefined,
            openIdUrl: 'https://steamcommunity.com/openid/login',
          },
        },
      },
    });
  });

  it("trusts Google's Firebase keys only in production, and the local issuer in development", () => {
    const refused = loadConfig({
      ...PRODUCTION_ENV,
      FIREBASE_KEYS_URL: 'http://127.0.0.1:9099/jwks',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^FIREBASE_KEYS_URL: /),
          expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST: /),
        ]),
      );
    }
    const live = loadConfig(PRODUCTION_ENV);
    expect(live.ok && live.config.firebase).toEqual({
      keysUrl: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
      devIssuer: false,
    });
    const dev = loadConfig({});
    expect(dev.ok && dev.config.firebase).toEqual({ keysUrl: undefined, devIssuer: true });
  });

  it('refuses a fake Graph API in production and gives the dev Facebook settings in development only', () => {
    const production = loadConfig({
      ...PRODUCTION_ENV,
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/v19.0',
    });
    expect(production.ok).toBe(false);
    if (!production.ok) {
      expect(production.problems).toContain(
        'FACEBOOK_GRAPH_URL: for tests only; production talks to graph.facebook.com',
      );
    }
    const development = loadConfig({});
    expect(development.ok).toBe(true);
    if (development.ok) {
      expect(development.config.platforms.fbgames).toMatchObject({
        devSecretPrefix: 'dev-fb-games-secret-not-for-production:',
        graphUrl: undefined,
        sdkUrl: 'dev/hosts/fbgames/sdk.js',
      });
      expect(development.config.platforms.fbinstantgames).toMatchObject({
        devSecretPrefix: 'dev-fb-instant-secret-not-for-production:',
        sdkUrl: 'dev/hosts/fbinstantgames/fbinstant.js',
      });
    }
    const badPair = loadConfig({ FB_INSTANT_APPS: 'sky-runner=notanumber:short' });
    expect(badPair.ok).toBe(false);
  });

  it("refuses Telegram's test key, a plain-http Bot API and a missing webhook secret in production", () => {
    const result = loadConfig({
      ...PRODUCTION_ENV,
      TELEGRAM_BOTS: 'sky-runner=7100000001:AAFakeSkyRunnerBotTokenForTests0001,gem-garden=7100000002',
      TELEGRAM_THIRD_PARTY_KEY: 'test',
      TELEGRAM_BOT_API_URL: 'http://127.0.0.1:8081',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^TELEGRAM_THIRD_PARTY_KEY: /),
          expect.stringMatching(/^TELEGRAM_BOT_API_URL: /),
          expect.stringMatching(/^TELEGRAM_WEBHOOK_SECRET: /),
        ]),
      );
    }
    const dev = loadConfig({});
    expect(dev.ok && dev.config.platforms.telegram).toMatchObject({
      devTokenSecret: 'dev-telegram-bot-token-not-for-prod',
      webhookSecret: 'dev-telegram-webhook-secret-not-for-production',
      botApiUrl: undefined,
      thirdPartyKey: undefined,
    });
  });

  it('checks VK_APPS pairs and gives the documented dev VK secret in development only', () => {
    const bad = loadConfig({
      VK_APPS: 'sky-runner=51234567:short,gem-garden=1:gem-garden-vk-secure-key,gem-garden=2:gem-garden-vk-secure-key',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(
        bad.problems.some((problem) => problem.startsWith('VK_APPS') && problem.includes('game=appId:secret')),
      ).toBe(true);
    }
    const twoIds = loadConfig({
      VK_APPS: 'gem-garden=1:gem-garden-vk-secure-key,gem-garden=2:gem-garden-vk-secure-key',
    });
    expect(twoIds.ok ? [] : twoIds.problems).toEqual(['VK_APPS: gem-garden is given two VK app ids (1, 2)']);
    const dev = loadConfig({});
    expect(dev.ok && dev.config.platforms.vkcom.devSecret).toBe('dev-vk-app-secret-not-for-production');
    expect(dev.ok && dev.config.platforms.yandex.devSecretPrefix).toBe('dev-yandex-games-secret-not-for-production:');
    const badYandex = loadConfig({ YANDEX_GAMES_SECRETS: 'sky-runner=short' });
    expect(!badYandex.ok && badYandex.problems.some((problem) => problem.startsWith('YANDEX_GAMES_SECRETS'))).toBe(
      true,
    );
  });

  it('keeps payments off in production unless a provider is named, and checks its secrets', () => {
    const off = loadConfig(PRODUCTION_ENV);
    expect(off.ok && off.config.store).toEqual({ paymentProviders: [], providers: {}, gameWebhooks: {} });
    const dev = loadConfig({});
    expect(dev.ok && dev.config.store.paymentProviders).toEqual(['sandbox']);
    expect(
      loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'sandbox', GAME_WEBHOOKS: 'sky-runner=https://x.example/h' }),
    ).toEqual({
      ok: false,
      problems: [
        'SANDBOX_WEBHOOK_SECRET: required in production when PAYMENT_PROVIDER is sandbox',
        'GAME_WEBHOOKS: sky-runner needs a secret in GAME_SECRETS to sign with',
      ],
    });
    const bad = loadConfig({ GAME_WEBHOOKS: 'sky-runner=ftp://x', SANDBOX_WEBHOOK_SECRET: 'short' });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'GAME_WEBHOOKS.0',
      'SANDBOX_WEBHOOK_SECRET.0',
    ]);
  });

  it('reads PAYMENT_PROVIDER as an ordered list of providers and lists every bad part of it', () => {
    const stripeKeys = {
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
      STRIPE_WEBHOOK_SECRETS: 'whsec_0123456789abcdef',
    };
    const both = loadConfig({ PAYMENT_PROVIDER: ' stripe, sandbox ', ...stripeKeys });
    expect(both.ok && both.config.store.paymentProviders).toEqual(['stripe', 'sandbox']);
    expect(both.ok && Object.keys(both.config.store.providers).sort()).toEqual(['sandbox', 'stripe']);
    // Stripe's keys keep it configured (late webhooks, refunds) while checkouts go elsewhere; the sandbox is off.
    const stripeOnly = loadConfig({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys });
    expect(stripeOnly.ok && Object.keys(stripeOnly.config.store.providers)).toEqual(['stripe']);
    const off = loadConfig({ PAYMENT_PROVIDER: 'none', ...stripeKeys });
    expect(off.ok && off.config.store.paymentProviders).toEqual([]);

    const unknown = loadConfig({ PAYMENT_PROVIDER: 'sandbox,paypal', SANDBOX_WEBHOOK_SECRET: 'short' });
    expect(unknown.ok ? [] : unknown.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'PAYMENT_PROVIDER.1',
      'SANDBOX_WEBHOOK_SECRET.0',
    ]);
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'none,sandbox,sandbox,stripe', DEFAULT_LOCALE: 'de', LOCALES: 'en' }),
    ).toEqual({
      ok: false,
      problems: [
        'DEFAULT_LOCALE: must be one of LOCALES',
        'PAYMENT_PROVIDER: none (purchases off) cannot be listed with providers',
        'PAYMENT_PROVIDER: sandbox is listed twice',
        'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER names stripe',
        'STRIPE_PUBLISHABLE_KEY: required when PAYMENT_PROVIDER names stripe',
        'STRIPE_WEBHOOK_SECRETS: required when PAYMENT_PROVIDER names stripe',
      ],
    });
  });

  it('takes Stripe only as a whole: three keys, comma-separated webhook secrets, no test API base in production', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789abcdef',
      STRIPE_WEBHOOK_SECRETS: 'whsec_new0123456789, whsec_old0123456789',
    };
    const full = loadConfig({ ...PRODUCTION_ENV, ...keys, PAYMENT_PROVIDER: 'stripe' });
    expect(full.ok && full.config.store).toMatchObject({
      paymentProviders: ['stripe'],
      providers: {
        stripe: {
          secretKey: keys.STRIPE_SECRET_KEY,
          publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
          webhookSecrets: ['whsec_new0123456789', 'whsec_old0123456789'],
          apiBase: undefined,
        },
      },
    });
    expect(loadConfig({ ...PRODUCTION_ENV, STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toEqual({
      ok: false,
      problems: [
        'STRIPE_PUBLISHABLE_KEY: required in production with any Stripe setting',
        'STRIPE_WEBHOOK_SECRETS: required in production with any Stripe setting',
      ],
    });
    expect(loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'stripe' })).toMatchObject({ ok: false });
    expect(loadConfig({ ...PRODUCTION_ENV, ...keys, STRIPE_API_BASE: 'http://127.0.0.1:1234' })).toEqual({
      ok: false,
      problems: ['STRIPE_API_BASE: for tests only; production talks to api.stripe.com'],
    });
    expect(loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef' })).toEqual({
      ok: false,
      problems: ['STRIPE_PUBLISHABLE_KEY: test and live keys are mixed with STRIPE_SECRET_KEY'],
    });
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef' })).toMatchObject({
      ok: false,
    });
    const dev = loadConfig({
      ...keys,
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(dev.ok && dev.config.store.providers.stripe?.apiBase).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(dev.ok && dev.config.store.paymentProviders).toEqual(['sandbox']);
    const bad = loadConfig({ STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRETS: 'secret' });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRETS.0',
    ]);
  });

  it('takes Xsolla only as a whole, refuses test payments and a test API in production, and lists every gap', () => {
    const keys = {
      XSOLLA_MERCHANT_ID: '424242',
      XSOLLA_PROJECT_ID: '171717',
      XSOLLA_API_KEY: 'xsolla-api-key-0123456789',
      XSOLLA_WEBHOOK_SECRETS: 'project-secret-current-01, project-secret-previous-1',
    };
    const full = loadConfig({ ...PRODUCTION_ENV, ...keys, PAYMENT_PROVIDER: 'xsolla' });
    expect(full.ok && full.config.store).toMatchObject({
      paymentProviders: ['xsolla'],
      providers: {
        xsolla: {
          merchantId: 424242,
          projectId: 171717,
          apiKey: keys.XSOLLA_API_KEY,
          webhookSecrets: ['project-secret-current-01', 'project-secret-previous-1'],
          sandbox: false,
          apiBase: 'https://api.xsolla.com',
        },
      },
    });
    expect(loadConfig({ ...PRODUCTION_ENV, XSOLLA_API_KEY: keys.XSOLLA_API_KEY })).toEqual({
      ok: false,
      problems: [
        'XSOLLA_MERCHANT_ID: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
        'XSOLLA_PROJECT_ID: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
        'XSOLLA_WEBHOOK_SECRETS: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla',
      ],
    });
    // Listed without keys: the offline fake in development (/dev/xsolla), refused in production.
    expect(loadConfig({ PAYMENT_PROVIDER: 'xsolla' })).toMatchObject({
      ok: true,
      config: { store: { providers: { xsolla: { apiBase: null, sandbox: true, merchantId: 900001 } } } },
    });
    expect(loadConfig({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'xsolla' })).toMatchObject({ ok: false });
    expect(
      loadConfig({ ...PRODUCTION_ENV, ...keys, XSOLLA_SANDBOX: 'true', XSOLLA_API_BASE: 'http://127.0.0.1:1' }),
    ).toEqual({
      ok: false,
      problems: [
        'XSOLLA_SANDBOX: test payments are refused in production',
        'XSOLLA_API_BASE: for tests only; production talks to api.xsolla.com',
      ],
    });
    const dev = loadConfig({ ...keys, PAYMENT_PROVIDER: 'xsolla,sandbox' });
    expect(dev.ok && dev.config.store.providers.xsolla?.sandbox).toBe(true);
    expect(dev.ok && dev.config.store.paymentProviders).toEqual(['xsolla', 'sandbox']);
  });

  it('takes YooKassa only as a whole, refuses a test shop and a test API in production, and reads its addresses', () => {
    const keys = { YOOKASSA_SHOP_ID: '506751', YOOKASSA_SECRET_KEY: 'live_0123456789abcdef' };
    const full = loadConfig({ ...PRODUCTION_ENV, ...keys, PAYMENT_PROVIDER: 'yookassa' });
    expect(full.ok && full.config.store.providers.yookassa).toMatchObject({
      shopId: '506751',
      test: false,
      apiBase: 'https://api.yookassa.ru',
      notificationSources: expect.arrayContaining(['185.71.76.0/27', '2a02:5180::/32']),
    });
    expect(loadConfig({ ...PRODUCTION_ENV, YOOKASSA_SHOP_ID: keys.YOOKASSA_SHOP_ID })).toEqual({
      ok: false,
      problems: ['YOOKASSA_SECRET_KEY: required with any YooKassa setting or when PAYMENT_PROVIDER names yookassa'],
    });
    expect(
      loadConfig({
        ...PRODUCTION_ENV,
        YOOKASSA_SHOP_ID: '506751',
        YOOKASSA_SECRET_KEY: 'test_0123456789abcdef',
        YOOKASSA_API_BASE: 'http://127.0.0.1:1',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'YOOKASSA_SECRET_KEY: a test shop key in production',
        'YOOKASSA_API_BASE: for tests only; production talks to api.yookassa.ru',
      ],
    });
    const ranges = loadConfig({ ...keys, YOOKASSA_NOTIFICATION_IPS: '10.0.0.0/8, ::1' });
    expect(ranges.ok && ranges.config.store.providers.yookassa?.notificationSources).toEqual(['10.0.0.0/8', '::1']);
    const bad = loadConfig({ ...keys, YOOKASSA_NOTIFICATION_IPS: 'yookassa.ru' });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.split(':')[0])).toEqual(['YOOKASSA_NOTIFICATION_IPS.0']);
  });

  it('cuts slow requests off and caps connections per address, except behind a proxy', () => {
    const direct = loadConfig({});
    expect(direct.ok && [direct.config.requestTimeoutMs, direct.config.maxConnectionsPerIp]).toEqual([30_000, 128]);
    const proxied = loadConfig({ TRUST_PROXY: 'true' });
    expect(proxied.ok && proxied.config.maxConnectionsPerIp).toBe(0);
    const bad = loadConfig({ REQUEST_TIMEOUT_MS: '5', MAX_CONNECTIONS_PER_IP: '-1' });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'MAX_CONNECTIONS_PER_IP',
      'REQUEST_TIMEOUT_MS',
    ]);
  });

  it('runs one process without Redis unless REDIS_URL names one, and serves metrics only where asked', () => {
    const single = loadConfig({});
    expect(single.ok && [single.config.redis, single.config.metrics, single.config.shutdownGraceMs]).toEqual([
      undefined,
      { port: undefined, token: undefined },
      10_000,
    ]);
    const shared = loadConfig({
      REDIS_URL: 'redis://10.0.0.7:6379/2',
      REDIS_KEY_PREFIX: 'fxid-eu:',
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      SHUTDOWN_GRACE_MS: '20000',
    });
    expect(shared.ok && [shared.config.redis, shared.config.metrics, shared.config.shutdownGraceMs]).toEqual([
      { url: 'redis://10.0.0.7:6379/2', keyPrefix: 'fxid-eu:' },
      { port: 9464, token: 'a-long-enough-metrics-token' },
      20_000,
    ]);
    const bad = loadConfig({ REDIS_URL: 'http://redis:6379', METRICS_TOKEN: 'short', REDIS_KEY_PREFIX: 'a b' });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'METRICS_TOKEN',
      'REDIS_KEY_PREFIX',
      'REDIS_URL',
    ]);
    const samePort = loadConfig({ PORT: '9000', METRICS_PORT: '9000' });
    expect(samePort.ok ? [] : samePort.problems.map((problem) => problem.split(':')[0])).toEqual(['METRICS_PORT']);
  });

  it('lists every bad variable at once', () => {
    const result = loadConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      ROUTER_BASE_PATH: 'games',
      FORCED_ADAPTER: 'myspace',
      LOCALES: 'en,xx',
      RATE_LIMIT_ALLOWLIST: 'localhost',
      GAME_SECRETS: 'sky-runner=short',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const variables = result.problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual(
      [
        'DATABASE_URL',
        'FORCED_ADAPTER',
        'GAME_SECRETS.0',
        'LOCALES.1',
        'LOG_LEVEL',
        'PORT',
        'RATE_LIMIT_ALLOWLIST.0',
        'ROUTER_BASE_PATH',
      ].sort(),
    );
  });

  it('requires production settings in production and keeps the catalog out unless named', () => {
    const missing = loadConfig({ NODE_ENV: 'production' });
    expect(missing).toEqual({
      ok: false,
      problems: [
        'PUBLIC_URL: required in production',
        'TURNSTILE_SECRET: required in production',
        'SMTP_URL: required in production',
      ],
    });
    const testSecret = loadConfig({ ...PRODUCTION_ENV, TURNSTILE_SECRET: '1x0000000000000000000000000000000AA' });
    expect(testSecret).toEqual({
      ok: false,
      problems: ['TURNSTILE_SECRET: a Turnstile test secret cannot be used in production'],
    });
    const result = loadConfig(PRODUCTION_ENV);
    expect(result.ok && result.config.catalogFile).toBeUndefined();
    expect(result.ok && result.config.host).toBe('0.0.0.0');
  });

  it('refuses an http: PUBLIC_URL in production only', () => {
    expect(loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://play.example.com' })).toEqual({
      ok: false,
      problems: ['PUBLIC_URL: must be an https:// URL in production (sign-in links are built from it)'],
    });
    expect(loadConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'HTTP://play.example.com' }).ok).toBe(false);
    const secure = loadConfig(PRODUCTION_ENV);
    expect(secure.ok && secure.config.publicUrl).toBe('https://play.example.com');
    for (const NODE_ENV of ['development', 'test']) {
      const local = loadConfig({ NODE_ENV, PUBLIC_URL: 'http://127.0.0.1:8080' });
      expect(local.ok && local.config.publicUrl).toBe('http://127.0.0.1:8080');
    }
  });

  it('refuses a default locale outside the locale list', () => {
    expect(loadConfig({ LOCALES: 'en,de', DEFAULT_LOCALE: 'ru' })).toEqual({
      ok: false,
      problems: ['DEFAULT_LOCALE: must be one of LOCALES'],
    });
  });
});
