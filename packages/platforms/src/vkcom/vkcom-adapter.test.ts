import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { vkcomAdapter } from './vkcom-adapter.js';

/** vk-bridge stood in by its answers: each method resolves or rejects as VK would. */
const vk = vi.hoisted(() => ({
  answers: new Map<string, () => Promise<unknown>>(),
  sent: [] as [string, unknown][],
}));
vi.mock('@vkontakte/vk-bridge', () => ({
  default: {
    subscribe: () => {},
    send: (method: string, props?: unknown) => {
      vk.sent.push([method, props]);
      return (vk.answers.get(method) ?? (async () => ({ result: true })))();
    },
  },
}));

const LAUNCH = '?vk_app_id=51000001&vk_user_id=777&vk_language=ru&vk_platform=desktop_web&vk_ts=1&sign=abc';
const make = () =>
  vkcomAdapter({
    game: 'sky-runner',
    launchQuery: LAUNCH,
    locale: () => 'en',
    portal: {} as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });
const answer = (method: string, value: unknown) => vk.answers.set(method, async () => value);
const refuse = (method: string, value: unknown) => vk.answers.set(method, async () => Promise.reject(value));

beforeEach(() => {
  // Framed by VK: the page's parent is another window.
  vi.stubGlobal('window', { parent: {} });
  vk.answers.clear();
  vk.sent.length = 0;
  answer('VKWebAppGetUserInfo', {
    id: 777,
    first_name: 'Pavel',
    last_name: 'Durov',
    sex: 2,
    photo_200: 'https://x/p.png',
  });
});

describe('the VK adapter', () => {
  it('opened outside VK, loads no bridge, signs nobody in and answers not_available', async () => {
    await expectNothingOutsideAFrame(make);
    expect(vk.sent).toEqual([]);
  });

  it('initialises the bridge, reads the profile, and signs in with the launch query string', async () => {
    const adapter = make();
    await adapter.init();
    expect(vk.sent.map(([method]) => method)).toEqual(['VKWebAppInit', 'VKWebAppGetUserInfo']);
    expect(adapter.socialProfile()).toMatchObject({
      userId: '777',
      displayName: 'Pavel Durov',
      gender: 'male',
      photo: { url: 'https://x/p.png', width: 200, height: 200 },
      socialLocale: 'ru',
      socialFlavor: 'desktop_web',
      vkcom: { appId: '51000001' },
    });
    expect(adapter.signInPayload()).toEqual({ Social: 'VkontakteCom', VkontakteComLogin: { QueryString: LAUNCH } });
  });

  it('opens the order box for the sku and hands the VK order on to be found on our server', async () => {
    const adapter = make();
    await adapter.init();
    answer('VKWebAppShowOrderBox', { status: 'success', success: true, order_id: 987654 });
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: '987654',
    });
    expect(vk.sent.at(-1)).toEqual(['VKWebAppShowOrderBox', { type: 'item', item: 'stars_100' }]);
  });

  it('maps client_error 4 to UserCancelled, other client errors to Unknown, api_error to its message', async () => {
    const adapter = make();
    await adapter.init();
    refuse('VKWebAppShowOrderBox', {
      error_type: 'client_error',
      error_data: { error_code: 4, error_reason: 'User denied' },
    });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'cancelled', message: /UserCancelled/ });
    refuse('VKWebAppShowOrderBox', { error_type: 'client_error', error_data: { error_code: 1, error_reason: 'x' } });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({
      code: 'payment_not_completed',
      message: /^Unknown/,
    });
    refuse('VKWebAppShowOrderBox', { error_type: 'api_error', error_data: { error_code: 20, error_msg: 'No item' } });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ message: /No item/ });
  });

  it('shows native ads: result true is Finished, false Skipped, a failure Failed', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    expect(vk.sent.at(-1)).toEqual(['VKWebAppShowNativeAds', { ad_format: 'reward' }]);
    answer('VKWebAppShowNativeAds', { result: false });
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Skipped' });
    refuse('VKWebAppShowNativeAds', { error_type: 'client_error', error_data: { error_code: 1 } });
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Failed' });
  });

  it('lists friends, shares, and forwards vkBridge.call; a closed dialog is cancelled', async () => {
    const adapter = make();
    await adapter.init();
    answer('VKWebAppGetFriends', { users: [{ id: 5, first_name: 'Anna', last_name: 'K', sex: 1 }] });
    expect(await adapter.friends()).toEqual([
      { uid: '5', firstName: 'Anna', lastName: 'K', displayName: 'Anna K', gender: 'female', photo: null },
    ]);
    expect(await adapter.share('https://x.example')).toEqual({ shared: true });
    refuse('VKWebAppShare', { error_type: 'client_error', error_data: { error_code: 4 } });
    await expect(adapter.share('https://x.example')).rejects.toMatchObject({ code: 'cancelled' });
    answer('VKWebAppStorageGet', { keys: [{ key: 'a', value: '1' }] });
    expect(await adapter.vendorCall?.('vkBridge', { method: 'VKWebAppStorageGet', props: { keys: ['a'] } })).toEqual({
      keys: [{ key: 'a', value: '1' }],
    });
    await expect(adapter.vendorCall?.('crazyGames', { method: 'x' })).rejects.toMatchObject({ code: 'unsupported' });
  });
});
