import { describe, expect, it } from 'vitest';
import { useListeningTestApp } from '../../../../test/app.js';
import { useGameServer, useGemGardenBuyer } from '../../../../test/store.js';
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
  const { testApp, origin } = useListeningTestApp('sqlite', {
    store: { ...game.store, paymentProviders: ['moneymailru'], providers: { moneymailru: offline } },
  });
  const { order, detailed } = useGemGardenBuyer(testApp, 'mailru-dev@example.com');

  it('pays in the fake window, whose page posts the window messages; the game receives the purchase once', async () => {
    const { app } = testApp();
    const { created } = await order('Embed');
    const { TransactionId: id, MoneyMailRu } = created;
    expect(MoneyMailRu.PaymentUri).toMatch(new RegExp(`^${origin()}/dev/moneymailru/pay/light/\\?`));
    const opened = await fetch(MoneyMailRu.PaymentUri, { redirect: 'manual' });
    const invoicePage = opened.headers.get('location') ?? '';
    expect(invoicePage).toMatch(/\/dev\/moneymailru\/pay\/light\/invoice\/\d{20}$/);
    const page = await (await fetch(invoicePage)).text();
    expect(page).toContain('Pay from the wallet');
    expect(page).toContain(`src="${origin()}/dev/moneymailru/window.js"`);
    expect(await (await fetch(`${origin()}/dev/moneymailru/window.js`)).text()).toContain('postMessage');
    const paid = await fetch(`${invoicePage}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`${invoicePage}?event=paySuccess`);
    expect(await (await fetch(`${invoicePage}?event=paySuccess`)).text()).toContain('data-event="paySuccess"');
    expect(await detailed(id)).toBe('PayedWaitingForSending');
    await app.runOutbox();
    await app.runOutbox();
    expect(game.server().received.filter((r) => JSON.parse(r.body).TransactionId === id)).toHaveLength(1);
    expect(await detailed(id)).toBe('Completed');
  });
});
