import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { WIZQ_LOCALE, wizqAdapter } from './wizq-adapter.js';

const HOST_ORIGIN = 'https://wizq.example';
const LAUNCH = '?opensocial_app_id=13000001&opensocial_viewer_id=900000001&wizq_token=head.body.sig';

/** The WizQ host as a fake: what the game sent, and what each method answers. */
function fakeHost() {
  const target = new EventTarget();
  const sent: { method: string; params: unknown; origin: string }[] = [];
  const answers: Record<string, () => { result?: unknown; error?: string }> = {
    init: () => ({ result: { viewerId: '900000001' } }),
    proxy: () => ({ result: { result: 'ok', command: 'ping', num: 0 } }),
    payment: () => ({ result: { status: 'paid' } }),
  };
  const host = {
    postMessage(message: { id: number; method: string; params: unknown }, origin: string) {
      sent.push({ method: message.method, params: message.params, origin });
      const answer = answers[message.method]?.() ?? { error: 'not simulated' };
      setTimeout(() => push({ type: 'wizq-answer', id: message.id, ...answer }));
    },
  };
  const push = (data: unknown, source: unknown = host, origin = HOST_ORIGIN) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }));
  return { target, sent, answers, host, push };
}

let host = fakeHost();
const START: PlatformPaymentStart = { OrderId: 'wzq_order', WizQ: { SecuredOrderId: 'wzq_order' } };
const make = (launchQuery = LAUNCH, start: PlatformPaymentStart = START) =>
  wizqAdapter({
    game: 'sky-runner',
    launchQuery,
    locale: () => 'en',
    portal: { platformPayment: async () => start } as unknown as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  host = fakeHost();
  vi.stubGlobal('window', {
    parent: host.host,
    location: { ancestorOrigins: [HOST_ORIGIN] },
    addEventListener: host.target.addEventListener.bind(host.target),
  });
  vi.stubGlobal('document', { referrer: '' });
});

describe('the WizQ adapter', () => {
  it('outside a frame or without the launch token signs nobody in and answers not_available', async () => {
    await expectNothingOutsideAFrame(make);
    expect(make('?opensocial_viewer_id=1').signInPayload()).toBeNull();
    expect(host.sent).toEqual([]);
  });

  it('greets the host, opens the proxy session with a ping, and signs in with the token as received', async () => {
    const adapter = make();
    await adapter.init();
    expect(host.sent).toEqual([
      { method: 'init', params: {}, origin: HOST_ORIGIN },
      { method: 'proxy', params: { command: 'ping' }, origin: HOST_ORIGIN },
    ]);
    expect(adapter.signInPayload()).toEqual({ Social: 'WizQ', WizQLogin: { Token: 'head.body.sig' } });
    expect(adapter.socialProfile()).toMatchObject({ userId: '900000001', socialLocale: WIZQ_LOCALE });
    expect(adapter.paymentsAvailable).toBe(true);
  });

  it('opens the payment window with the SecuredOrderId and leaves the order to the server', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: 'wzq_order',
    });
    expect(host.sent.at(-1)).toMatchObject({
      method: 'payment',
      params: { securedOrderId: 'wzq_order', sku: 'stars_100' },
    });
  });

  it.each([
    [{ result: { status: 'cancelled' } }, 'cancelled'],
    [{ result: { status: 'error' } }, 'payment_not_completed'],
    [{ error: 'window broke' }, 'payment_not_completed'],
  ])('a payment window answering %j rejects %s', async (answer, code) => {
    host.answers.payment = () => answer;
    const adapter = make();
    await adapter.init();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code });
  });

  it('an answer without the WizQ block, or from anyone but the host, is not taken', async () => {
    const adapter = make(LAUNCH, { OrderId: 'x' });
    await adapter.init();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'payment_not_completed' });
    host.answers.payment = () => ({});
    const other = make();
    await other.init();
    const pending = other.purchase('stars_100');
    host.push({ type: 'wizq-answer', id: 3, result: { status: 'paid' } }, {}, HOST_ORIGIN);
    host.push({ type: 'wizq-answer', id: 3, result: { status: 'paid' } }, host.host, 'https://evil.example');
    await expect(pending).rejects.toMatchObject({ code: 'payment_not_completed' });
  });
});
