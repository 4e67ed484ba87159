import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentBlocks, PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { AG_NOT_AUTHORIZED, AG_UNKNOWN_STATE, agAdapter } from './ag-adapter.js';

const HOST_ORIGIN = 'https://ag.example';
const LAUNCH =
  '?app_id=ag-sky-runner&player_id=ag-4711&guest=false&game_sid=1764158400-abcd&invite=&debug=0&auth_key=00ff';
const GUEST = LAUNCH.replace('guest=false', 'guest=true');

/** The ag.ru host as a fake: what the game sent, and how the host answers each message type. */
function fakeHost() {
  const target = new EventTarget();
  const sent: { type: string; data: unknown; origin: string }[] = [];
  const answers: Record<string, (data: unknown) => [unknown, unknown][]> = {
    'agru-sayHello': () => [['Hello, from AG.ru', null]],
    'agru-authorize': () => [[true, null]],
    'agru-showPayment': () => [
      [{ info: null, status: true }, null],
      [{ info: { status: 'success', invoice: '77' }, status: false }, null],
    ],
    'agru-showCampaign': (type) => [[{ type, status: true, reward: type === 'rewarded' }, null]],
  };
  const host = {
    postMessage(message: { type: string; data: unknown }, origin: string) {
      sent.push({ ...message, origin });
      for (const data of answers[message.type]?.(message.data) ?? []) {
        setTimeout(() => push({ type: message.type, data }));
      }
    },
  };
  /** A message from `source` at `origin` (the host's, unless told otherwise). */
  const push = (data: unknown, source: unknown = host, origin = HOST_ORIGIN) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }));
  const location = { ancestorOrigins: [HOST_ORIGIN], search: '' };
  return { target, sent, answers, host, push, location };
}

let host = fakeHost();
const payments: { sku: string; blocks: PlatformPaymentBlocks | undefined }[] = [];
const START: PlatformPaymentStart = { OrderId: 'agp_order', AbsoluteGames: { Token: 'payload.mac' } };
const make = (launchQuery = LAUNCH) =>
  agAdapter({
    game: 'sky-runner',
    launchQuery,
    locale: () => 'ru',
    portal: {
      platformPayment: async (sku: string, _payload?: string, blocks?: PlatformPaymentBlocks) => {
        payments.push({ sku, blocks });
        return START;
      },
    } as unknown as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  host = fakeHost();
  payments.length = 0;
  vi.stubGlobal('window', {
    parent: host.host,
    location: host.location,
    addEventListener: host.target.addEventListener.bind(host.target),
  });
  vi.stubGlobal('document', { referrer: '' });
});

describe('the Absolute Games adapter', () => {
  it('outside a frame signs nobody in and answers not_available', async () => {
    await expectNothingOutsideAFrame(make, 'stars_100', { location: host.location });
    expect(host.sent).toEqual([]);
  });

  it('greets the host at its origin alone and signs a logged-in player in with the query string as received', async () => {
    const adapter = make();
    await adapter.init();
    expect(host.sent).toEqual([{ type: 'agru-sayHello', data: {}, origin: HOST_ORIGIN }]);
    expect(adapter.signInPayload()).toEqual({
      Social: 'AbsoluteGames',
      AbsoluteGamesLogin: { QueryString: LAUNCH, UserAuth: '' },
    });
    expect(adapter.socialProfile()).toMatchObject({ userId: 'ag-4711' });
    expect(adapter).toMatchObject({ paymentsAvailable: true, abilities: ['AdsAvailable'] });
  });

  it('pays through ShowPayment with our token and leaves the order to the server, without usdAmount', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: 'agp_order',
      omitUsdAmount: true,
    });
    expect(payments).toEqual([
      {
        sku: 'stars_100',
        blocks: {
          AbsoluteGames: {
            AppId: 'ag-sky-runner',
            AuthKey: '00ff',
            Debug: '0',
            GameSid: '1764158400-abcd',
            PlayerId: 'ag-4711',
            Guest: 'false',
            Invite: '',
          },
        },
      },
    ]);
    expect(host.sent.at(-1)).toEqual({ type: 'agru-showPayment', data: 'payload.mac', origin: HOST_ORIGIN });
  });

  it.each([
    [null, 'cancelled', 'User closed payment window'],
    [{ status: 'fail' }, 'payment_not_completed', 'Payment not completed'],
    [{ status: 'pending' }, 'payment_not_completed', AG_UNKNOWN_STATE],
  ])('a window closing with %j rejects %s', async (info, code, message) => {
    host.answers['agru-showPayment'] = () => [
      [{ info: null, status: true }, null],
      [{ info, status: false }, null],
    ];
    const adapter = make();
    await adapter.init();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code, message });
  });

  it('asks a guest to log in on AG and answers Not authorized, opening no payment', async () => {
    const adapter = make(GUEST);
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    await expect(adapter.promptSignIn?.()).rejects.toMatchObject({ code: 'guest', message: AG_NOT_AUTHORIZED });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'guest', message: AG_NOT_AUTHORIZED });
    expect(host.sent.map((message) => message.type)).toEqual(['agru-sayHello', 'agru-authorize', 'agru-authorize']);
    expect(payments).toEqual([]);
  });

  it('options for the same player are kept for the next payment; another player reloads the page with theirs', async () => {
    const adapter = make();
    await adapter.init();
    host.push({
      type: 'agru-optionsUpdates',
      data: [{ ...Object.fromEntries(new URLSearchParams(LAUNCH)), auth_key: 'aa11' }, null],
    });
    await adapter.purchase('stars_100');
    expect(payments[0]?.blocks?.AbsoluteGames?.AuthKey).toBe('aa11');
    expect(host.location.search).toBe('');
    // From anyone but the host, an update is not read.
    host.push({ type: 'agru-optionsUpdates', data: [{ player_id: 'ag-evil' }, null] }, {}, HOST_ORIGIN);
    host.push(
      { type: 'agru-optionsUpdates', data: [{ player_id: 'ag-evil' }, null] },
      host.host,
      'https://evil.example',
    );
    expect(host.location.search).toBe('');
    host.push({
      type: 'agru-optionsUpdates',
      data: [{ app_id: 'ag-sky-runner', player_id: 'ag-5000', guest: 'false' }, null],
    });
    expect(new URLSearchParams(host.location.search).get('player_id')).toBe('ag-5000');
  });

  it('shows AG campaigns as ads: a rewarded one Finished with its reward, one closed early Skipped, an error Failed', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Finished' });
    host.answers['agru-showCampaign'] = (type) => [[{ type, status: false }, null]];
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Skipped' });
    host.answers['agru-showCampaign'] = () => [[null, 'no campaign']];
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Failed' });
    await expect(adapter.ads.showBanner('bottom')).rejects.toMatchObject({ code: 'not_available' });
    await expect(adapter.invite()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
