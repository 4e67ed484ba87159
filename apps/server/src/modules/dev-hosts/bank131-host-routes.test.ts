import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG, TEST_START, useListeningTestApp } from '../../test/app.js';
import { signIn } from '../../test/sign-in.js';
import { storePost, useGameServer } from '../../test/store.js';
import { readCatalogFile } from '../catalog/catalog-file.js';
import { importCatalog } from '../catalog/catalog-import.js';
import { bank131Config } from '../store/providers/bank131/bank131-config.js';

/**
 * The offline development bank: with Bank131 listed in development and no keys, the server
 * pays through its own fake bank at /dev/bank131, over real HTTP to itself, with the same
 * signed requests and notifications as against Bank131 (no network beyond loopback).
 */
describe('the offline development bank (Bank131)', () => {
  const game = useGameServer('gem-garden');
  const offline = bank131Config({}, 'development', true);
  if (!offline) throw new Error('no offline settings');
  const { testApp, origin } = useListeningTestApp('sqlite', {
    store: { ...game.store, paymentProviders: ['bank131'], providers: { bank131: offline } },
  });
  beforeAll(async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    const gemGarden = catalog.Games.find((entry) => entry.GameSystemName === 'gem-garden');
    if (!gemGarden) throw new Error('the demo catalog has no gem-garden');
    gemGarden.Store = {
      XsollaEnabled: false,
      YookassaEnabled: false,
      StripeEnabled: false,
      Bank131Enabled: true,
      AghanimEnabled: false,
      MoneyMailRuEnabled: false,
    };
    for (const product of gemGarden.Products ?? []) product.Price = { Amount: 9900, Currency: 'RUB' };
    await importCatalog(testApp().database.handle.db, catalog, TEST_START);
  });

  const site = (path: string) => new URL(path, `${origin()}/`);
  const status = async (token: string, id: string) => {
    const answer = await storePost(testApp().app, '/get_payment_status', { TransactionId: id }, token);
    return answer.json().Order.DetailedStatus as string;
  };
  const settled = async (token: string, id: string, wanted: string) => {
    for (let i = 0; i < 50 && (await status(token, id)) !== wanted; i++) await new Promise((r) => setTimeout(r, 100));
    return status(token, id);
  };
  const order = async (token: string) => {
    const created = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'gem-garden', Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType: 'Embed' },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    const formToken = new URL(body.Bank131.FormUrl).pathname.slice(1);
    return { id: body.TransactionId as string, formToken };
  };

  it('pays by card through the widget the development bank serves', async () => {
    const token = await signIn(testApp().app, testApp().database.handle.db, 'offline-bank@example.com');
    const { id, formToken } = await order(token);
    const answer = await fetch(site(`api/v1/bank131/form/${formToken}?PublicId=${id}`));
    const form = (await answer.json()) as { Widget: { ScriptUrl: string; PublicToken: string } };
    expect(form).toMatchObject({ Status: 'Open', Bank: { DemoMode: true, ApiType: 'Bank131' } });
    expect(form.Widget.ScriptUrl).toBe(site('dev/bank131/widget.js').href);
    expect(await (await fetch(form.Widget.ScriptUrl)).text()).toContain('Bank131CardWidget');
    const tokenized = await fetch(site('dev/bank131/widget/tokenize'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_token: form.Widget.PublicToken, number: '4242424242424242' }),
    });
    const { token: cardToken } = (await tokenized.json()) as { token: string };
    const paid = await fetch(site(`api/v1/bank131/form/${formToken}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ PublicId: id, Choice: 'Pay', CardToken: cardToken }),
    });
    expect(paid.status).toBe(200);
    expect(await settled(token, id, 'PayedWaitingForSending')).toBe('PayedWaitingForSending');
  });

  it("pays by SBP on the development bank app's page the QR links to", async () => {
    const token = await signIn(testApp().app, testApp().database.handle.db, 'offline-sbp@example.com');
    const { id, formToken } = await order(token);
    const sbp = async () => {
      const answer = await fetch(site('api/v1/bank131/pay_with_sbp'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Token: formToken, PublicId: id }),
      });
      return (await answer.json()) as { Qr: { Content: string } | null };
    };
    let qr = (await sbp()).Qr;
    for (let i = 0; i < 50 && !qr; i++) {
      await new Promise((r) => setTimeout(r, 100));
      qr = (await sbp()).Qr;
    }
    if (!qr) throw new Error('the development bank issued no QR');
    expect(qr.Content).toMatch(new RegExp(`^${site('dev/bank131/sbp/').href}ps_`));
    expect((await fetch(qr.Content)).status).toBe(200);
    expect((await fetch(qr.Content, { method: 'POST' })).status).toBe(200);
    expect(await settled(token, id, 'PayedWaitingForSending')).toBe('PayedWaitingForSending');
  });

  it('refuses requests not signed with the development key', async () => {
    const answer = await fetch(site('dev/bank131/api/v1/session/create'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-project': 'fxid-dev', 'x-partner-sign': 'AAAA' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
  });
});
