import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../../config.js';
import { useTestApp } from '../../../../test/app.js';
import { freePort } from '../../../../test/built-server.js';
import { signIn } from '../../../../test/sign-in.js';
import { storePost, useGameServer } from '../../../../test/store.js';
import { moneyMailRuConfig } from './moneymailru-config.js';

/**
 * The offline development mode: with moneymailru listed in development and no keys, the server
 * serves the fake Money.Mail.Ru at /dev/moneymailru and its provider talks to it over real HTTP
 * (the window, invoice.item), while the fake's signed notifications reach the server in process.
 */
describe('Money.Mail.Ru in development without keys', () => {
  const game = useGameServer('gem-garden');
  const offline = moneyMailRuConfig({}, 'development', { listed: true });
  if (!offline) throw new Error('no offline settings');
  const overrides: Partial<Config> = {
    publicUrl: '',
    store: { ...game.store, paymentProviders: ['moneymailru'], providers: { moneymailru: offline } },
  };
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    overrides.publicUrl = `http://127.0.0.1:${port}`;
  });
  const testApp = useTestApp('sqlite', overrides);
  beforeAll(async () => {
    await testApp().app.listen({ port, host: '127.0.0.1' });
  });
  const status = async (token: string, id: string) =>
    (await storePost(testApp().app, '/get_payment_status', { TransactionId: id }, token)).json().Order.DetailedStatus;

  it('pays in the fake window, whose page posts the window messages; the game receives the purchase once', async () => {
    const { app } = testApp();
    const token = await signIn(app, testApp().database.handle.db, 'mailru-dev@example.com');
    const created = await storePost(
      app,
      '/create_payment',
      { Game: 'gem-garden', Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType: 'Embed' },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { TransactionId: id, MoneyMailRu } = created.json();
    expect(MoneyMailRu.PaymentUri).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/dev/moneymailru/pay/light/\\?`));
    const opened = await fetch(MoneyMailRu.PaymentUri, { redirect: 'manual' });
    const invoicePage = opened.headers.get('location') ?? '';
    expect(invoicePage).toMatch(/\/dev\/moneymailru\/pay\/light\/invoice\/\d{20}$/);
    const page = await (await fetch(invoicePage)).text();
    expect(page).toContain('Pay from the wallet');
    expect(page).toContain(`src="http://127.0.0.1:${port}/dev/moneymailru/window.js"`);
    expect(await (await fetch(`http://127.0.0.1:${port}/dev/moneymailru/window.js`)).text()).toContain('postMessage');
    const paid = await fetch(`${invoicePage}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`${invoicePage}?event=paySuccess`);
    expect(await (await fetch(`${invoicePage}?event=paySuccess`)).text()).toContain('data-event="paySuccess"');
    expect(await status(token, id)).toBe('PayedWaitingForSending');
    await app.runOutbox();
    await app.runOutbox();
    expect(game.server().received.filter((r) => JSON.parse(r.body).TransactionId === id)).toHaveLength(1);
    expect(await status(token, id)).toBe('Completed');
  });
});
