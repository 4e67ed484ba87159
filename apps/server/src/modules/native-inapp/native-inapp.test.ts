import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { startFakeAppStore } from '../../test/fake-app-store.js';
import { startFakeGooglePlay } from '../../test/fake-google-play.js';
import { bearer, signIn } from '../../test/sign-in.js';
import type { FakeAppStore } from './app-store-fake.js';
import type { FakeGooglePlay } from './google-play-fake.js';
import type { NativeInAppConfig } from './native-config.js';

const PACKAGE = 'com.fxid.skyrunner';
const BUNDLE = 'com.fxid.skyrunner.ios';
const OTHER_BUNDLE = 'com.example.other';

describeEachEngine('native in-app validation', (engine) => {
  // Filled once the fakes listen, before the app starts (the app reads it then).
  const nativeInApp: NativeInAppConfig = structuredClone(testConfig().nativeInApp);
  let google: FakeGooglePlay;
  let apple: FakeAppStore;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const play = await startFakeGooglePlay();
    const store = await startFakeAppStore();
    google = play.fake;
    apple = store.fake;
    stops.push(play.close, store.close);
    const account = JSON.parse(google.serviceAccountJson());
    nativeInApp.googlePlay = {
      packages: { 'sky-runner': PACKAGE, 'gem-garden': 'com.fxid.gemgarden' },
      serviceAccount: { clientEmail: account.client_email, privateKey: account.private_key },
      apiUrl: `${google.url}/`,
      tokenUrl: `${google.url}/token`,
      dev: false,
    };
    nativeInApp.appStore = {
      apps: { 'sky-runner': { bundleId: BUNDLE, appAppleId: undefined } },
      environment: 'Sandbox',
      apiKey: { keyId: apple.apiKey.keyId, issuerId: apple.apiKey.issuerId, privateKey: apple.apiKeyPem() },
      rootCertificates: [apple.chain.rootDer],
      apiUrl: apple.url,
      dev: false,
    };
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });
  const testApp = useTestApp(engine, { nativeInApp });
  let accountId = '';
  let token = '';
  beforeAll(async () => {
    const { app, database } = testApp();
    token = await signIn(app, database.handle.db, 'native-buyer@example.com');
    const me = await app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(token), payload: {} });
    accountId = me.json().AccountId;
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Each call from its own address: the suite makes more calls than one device may (rate limit).
  const validate = (body: unknown, game = 'sky-runner', headers: Record<string, string> = {}) =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1/native/inapp/validate/${game}`,
      payload: body as object,
      headers,
      remoteAddress: `10.20.${randomInt(256)}.${randomInt(256)}`,
    });
  const playReceipt = (purchaseToken: string, productId = 'stars_100', packageName = PACKAGE) => ({
    Store: 'GooglePlay',
    PackageName: packageName,
    ProductId: productId,
    PurchaseToken: purchaseToken,
  });
  const nativeOrders = () =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['status', 'provider'])
      .where('platform', '=', 'FxNative')
      .execute();

  it('a Google Play purchase is checked with Google, delivered once and acknowledged', async () => {
    const purchase = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      obfuscatedExternalAccountId: accountId,
    });
    const before = (await nativeOrders()).length;
    const response = await validate(playReceipt(purchase.purchaseToken));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Success: true, Store: 'GooglePlay', Sku: 'stars_100', Test: false });
    expect(response.json().TransactionId).toMatch(/^ord_/);
    expect(purchase.acknowledgementState).toBe(1);
    expect(await nativeOrders()).toHaveLength(before + 1);
    // The portal (the fxnative adapter) finds the order by the store's id of it.
    expect(response.json().OrderId).toMatch(/^gp:/);
    const found = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/purchase',
      headers: bearer(token),
      payload: { Game: 'sky-runner', Platform: 'FxNative', OrderId: response.json().OrderId },
    });
    expect(found.json().Purchase).toMatchObject({ TransactionId: response.json().TransactionId, Sku: 'stars_100' });
    // The order is the player's: the store lists it.
    const replay = await validate(playReceipt(purchase.purchaseToken));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().ErrorCode).toBe('native_receipt_replayed');
    expect(await nativeOrders()).toHaveLength(before + 1);
  });

  it('20 concurrent validations of one Play purchase deliver it once', async () => {
    const purchase = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_550',
      obfuscatedExternalAccountId: accountId,
    });
    const before = (await nativeOrders()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => validate(playReceipt(purchase.purchaseToken, 'stars_550'))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().ErrorCode)).toEqual(
      Array(19).fill('native_receipt_replayed'),
    );
    expect(await nativeOrders()).toHaveLength(before + 1);
  });

  it('refuses a purchase of another package, a cancelled one, a pending one and an unknown token', async () => {
    const before = (await nativeOrders()).length;
    const other = google.addPurchase({
      packageName: 'com.fxid.gemgarden',
      productId: 'gems_50',
      obfuscatedExternalAccountId: accountId,
    });
    // Another game's package named as such: not this game's app.
    const foreign = await validate(playReceipt(other.purchaseToken, 'gems_50', 'com.fxid.gemgarden'));
    expect(foreign.json().ErrorCode).toBe('native_receipt_foreign');
    // Claimed as this game's: Google knows the token only under its own package.
    const claimed = await validate(playReceipt(other.purchaseToken, 'stars_100'));
    expect(claimed.json().ErrorCode).toBe('native_receipt_invalid');
    const refunded = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      purchaseState: 1,
      obfuscatedExternalAccountId: accountId,
    });
    expect((await validate(playReceipt(refunded.purchaseToken))).json().ErrorCode).toBe('native_receipt_refunded');
    const pending = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      purchaseState: 2,
      obfuscatedExternalAccountId: accountId,
    });
    expect((await validate(playReceipt(pending.purchaseToken))).json().ErrorCode).toBe('native_receipt_pending');
    const forged = await validate(playReceipt('forged-token-AO-J1Oz'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().ErrorCode).toBe('native_receipt_invalid');
    expect(await nativeOrders()).toHaveLength(before);
    expect(other.acknowledgementState).toBe(0);
  });

  it('takes a purchase only for the account it was bound to', async () => {
    const unbound = google.addPurchase({ packageName: PACKAGE, productId: 'stars_100' });
    expect((await validate(playReceipt(unbound.purchaseToken))).json().ErrorCode).toBe('native_receipt_unbound');
    const stranger = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      obfuscatedExternalAccountId: '0190d6a0-0000-7000-8000-000000000000',
    });
    expect((await validate(playReceipt(stranger.purchaseToken))).json().ErrorCode).toBe('native_receipt_unbound');
    const { app, database } = testApp();
    const otherToken = await signIn(app, database.handle.db, 'someone-else@example.com');
    const mine = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      obfuscatedExternalAccountId: accountId,
    });
    const asOther = await validate(playReceipt(mine.purchaseToken), 'sky-runner', bearer(otherToken));
    expect(asOther.json().ErrorCode).toBe('native_receipt_unbound');
    const asMe = await validate(playReceipt(mine.purchaseToken), 'sky-runner', bearer(token));
    expect(asMe.statusCode).toBe(200);
  });

  it('an App Store transaction is fetched from Apple, verified to the pinned root and delivered once', async () => {
    const id = await apple.addTransaction({ bundleId: BUNDLE, productId: 'stars_100', appAccountToken: accountId });
    const before = (await nativeOrders()).length;
    const response = await validate({ Store: 'AppStore', TransactionId: id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Store: 'AppStore', Sku: 'stars_100', Test: true });
    const replay = await validate({ Store: 'AppStore', TransactionId: id });
    expect(replay.json().ErrorCode).toBe('native_receipt_replayed');
    expect(await nativeOrders()).toHaveLength(before + 1);
  });

  it('20 concurrent validations of one App Store transaction deliver it once', async () => {
    const id = await apple.addTransaction({ bundleId: BUNDLE, productId: 'stars_550', appAccountToken: accountId });
    const before = (await nativeOrders()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => validate({ Store: 'AppStore', TransactionId: id })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().ErrorCode))).toEqual(
      new Set(['native_receipt_replayed']),
    );
    expect(await nativeOrders()).toHaveLength(before + 1);
  });

  it('refuses a forged, another app’s, a refunded and an unknown App Store transaction', async () => {
    const before = (await nativeOrders()).length;
    const forged = await apple.addTransaction(
      { bundleId: BUNDLE, productId: 'stars_100', appAccountToken: accountId },
      apple.rogue,
    );
    const forgedAnswer = await validate({ Store: 'AppStore', TransactionId: forged });
    expect(forgedAnswer.statusCode).toBe(401);
    expect(forgedAnswer.json().ErrorCode).toBe('native_receipt_invalid');
    // A payload edited after signing: the signature no longer matches.
    const real = await apple.addTransaction({ bundleId: BUNDLE, productId: 'stars_100', appAccountToken: accountId });
    const [header, payload, signature] = (apple.signed.get(real) ?? '').split('.');
    const edited = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), productId: 'stars_550' };
    apple.signed.set(real, `${header}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`);
    expect((await validate({ Store: 'AppStore', TransactionId: real })).json().ErrorCode).toBe(
      'native_receipt_invalid',
    );
    const foreign = await apple.addTransaction({
      bundleId: OTHER_BUNDLE,
      productId: 'stars_100',
      appAccountToken: accountId,
    });
    expect((await validate({ Store: 'AppStore', TransactionId: foreign })).json().ErrorCode).toBe(
      'native_receipt_foreign',
    );
    const refunded = await apple.addTransaction({
      bundleId: BUNDLE,
      productId: 'stars_100',
      appAccountToken: accountId,
      revocationDate: Date.now(),
      revocationReason: 0,
    });
    expect((await validate({ Store: 'AppStore', TransactionId: refunded })).json().ErrorCode).toBe(
      'native_receipt_refunded',
    );
    expect((await validate({ Store: 'AppStore', TransactionId: '999999' })).json().ErrorCode).toBe(
      'native_receipt_invalid',
    );
    expect(await nativeOrders()).toHaveLength(before);
  });

  it('a Google outage is 503, not the player’s fault, and takes nothing', async () => {
    const purchase = google.addPurchase({
      packageName: PACKAGE,
      productId: 'stars_100',
      obfuscatedExternalAccountId: accountId,
    });
    const before = (await nativeOrders()).length;
    google.outage = true;
    try {
      const answer = await validate(playReceipt(purchase.purchaseToken));
      expect(answer.statusCode).toBe(503);
      expect(answer.json().ErrorCode).toBe('service_unavailable');
    } finally {
      google.outage = false;
    }
    expect(await nativeOrders()).toHaveLength(before);
    // Once Google answers again, the same purchase is delivered.
    expect((await validate(playReceipt(purchase.purchaseToken))).statusCode).toBe(200);
  });

  it('a game without a store app here answers platform_not_configured', async () => {
    const answer = await validate({ Store: 'AppStore', TransactionId: '1' }, 'gem-garden');
    expect(answer.statusCode).toBe(503);
    expect(answer.json().ErrorCode).toBe('platform_not_configured');
  });

  it('GET /native/status says which stores validate and whether the token is live', async () => {
    const answer = await testApp().app.inject({
      method: 'GET',
      url: `/api/v1/native/status?Game=sky-runner&Token=${token}&AppStoreCountry=usa&GooglePlayCountry=us&ClientCountryAlpha3=Usa`,
    });
    expect(
      answer.statusCode,
      JSON.stringify(
        testApp()
          .logs.filter((l) => l.level === 50)
          .slice(-1),
      ),
    ).toBe(200);
    expect(answer.json()).toEqual({
      Game: 'sky-runner',
      Token: { Valid: true, AccountId: accountId },
      GooglePlay: { Available: true, PackageName: PACKAGE },
      AppStore: { Available: true, BundleId: BUNDLE, Environment: 'Sandbox' },
      AppStoreCountry: 'USA',
      GooglePlayCountry: 'US',
      ClientCountryAlpha3: 'USA',
    });
    const anonymous = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/native/status?Game=gem-garden&Token=not-a-live-session-token-0000',
    });
    expect(anonymous.json()).toMatchObject({
      Token: { Valid: false, AccountId: null },
      GooglePlay: { Available: true, PackageName: 'com.fxid.gemgarden' },
      AppStore: { Available: false, BundleId: null, Environment: null },
    });
    const bad = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/native/status?Game=sky-runner&GooglePlayCountry=USA',
    });
    expect(bad.statusCode).toBe(400);
  });
});
