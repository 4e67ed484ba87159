import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { hostPost, platformPurchases } from '../../test/dev-hosts.js';

/** The simulated Telegram's server half: initData signed with the dev bot token, and its fake Bot API paying. */
describeEachEngine('the Telegram host simulator (/dev/hosts/telegram)', (engine) => {
  const defaults = testConfig().platforms;
  if (!defaults.telegram) throw new Error('development mode configures Telegram');
  const telegram = { ...defaults.telegram };
  const testApp = useTestApp(engine, { platforms: { ...defaults, telegram } });
  beforeAll(async () => {
    // Our server calls the fake Bot API over HTTP, as it calls Telegram's: it must listen.
    await testApp().app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp().app.server.address() as AddressInfo;
    telegram.botApiUrl = `http://127.0.0.1:${port}/dev/telegram-bot-api`;
  });
  const post = hostPost(testApp);
  const signIn = async (url: string) =>
    post('/api/v1/auth/authenticate_from_social', {
      Social: 'Telegram',
      Game: 'sky-runner',
      TelegramLogin: {
        InitData: new URLSearchParams(url.slice(url.indexOf('#') + 1)).get('tgWebAppData') ?? '',
      },
    });

  it('serves the page, and /dev/hosts?platform=telegram leads to it', async () => {
    const page = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/telegram' });
    expect(page.body).toContain('<option value="sky-runner">');
    expect(page.body).toContain('src="telegram-host.js"');
    const picked = await testApp().app.inject({ method: 'GET', url: '/dev/hosts?platform=telegram&game=sky-runner' });
    expect(picked.statusCode).toBe(302);
    expect(picked.headers.location).toBe('hosts/telegram?platform=telegram&game=sky-runner');
  });

  it('launches new and returning users with initData our sign-in accepts', async () => {
    const launched = (await post('/dev/hosts/telegram/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched.Url).toMatch(/^\/play\/sky-runner\/iframe\/telegram#tgWebAppData=.*&tgWebAppPlatform=weba/);
    const first = (await signIn(launched.Url)).json();
    expect(first.AuthenticatedSocialIdentifier).toBe(String(launched.User.id));
    const again = (await post('/dev/hosts/telegram/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect((await signIn(again.Url)).json().AccountId).toBe(first.AccountId);
    const fresh = (await post('/dev/hosts/telegram/launch', { Game: 'sky-runner', User: 'new' })).json();
    expect((await signIn(fresh.Url)).json().AccountId).not.toBe(first.AccountId);
  });

  it('pays a Stars invoice as Telegram does: pre_checkout_query, then successful_payment, then the order', async () => {
    const launched = (await post('/dev/hosts/telegram/launch', { Game: 'sky-runner', User: 'new' })).json();
    const { Token } = (await signIn(launched.Url)).json();
    const payment = await post(
      '/api/v1/platforms/payment',
      { Game: 'sky-runner', Platform: 'Telegram', Sku: 'stars_100' },
      Token,
    );
    expect(payment.statusCode).toBe(200);
    const { OrderId, Telegram } = payment.json();
    const slug = Telegram.InvoiceUrl.replace('https://t.me/$', '');
    expect((await post('/dev/hosts/telegram/invoice', { Slug: slug })).json()).toMatchObject({ Amount: 50 });
    const payer = { id: launched.User.id, first_name: launched.User.first_name };
    const paid = (await post('/dev/hosts/telegram/pay', { Slug: slug, Payer: payer })).json();
    expect(paid).toMatchObject({ Status: 'paid' });
    expect(paid.Deliveries.map((delivery: { body: { Outcome: string } }) => delivery.body.Outcome)).toEqual([
      'approved',
      'paid',
    ]);
    expect(await platformPurchases(post, 'Telegram', Token).found(OrderId)).toMatchObject({ Sku: 'stars_100' });
    const refunded = (await post('/dev/hosts/telegram/refund', { ChargeId: paid.ChargeId, Payer: payer })).json();
    expect(refunded.Answer).toMatchObject({ Outcome: 'refunded' });
  });
});
