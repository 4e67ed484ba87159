import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase as Database } from '../../apps/server/src/db/sqlite-driver';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// The demo game calls push.register on the own portal. What is real: the built portal,
// its service worker, the confirm, the permission state, the SDK channel, the server and
// its database. What is stubbed: only PushManager.prototype.subscribe (second test),
// because headless Chromium cannot reach a real push service offline; the stub answers
// with a subscription for a loopback endpoint, which development mode accepts. The third
// test hands a push message to the real service worker through the DevTools protocol.

const GAME = 'sky-runner';

const server = ownServer();

const session = browserSession(() => server.url);

async function playerContext(player: SignedIn): Promise<BrowserContext> {
  // The harness blocks service workers by default; push needs the portal's own.
  const context = await session.freshContext({ serviceWorkers: 'allow' });
  await acceptDueDocuments(server.url, player.token, GAME);
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return context;
}

/** The player page with the game ready and the portal's service worker active, then push pressed. */
async function pressPush(page: Page) {
  await page.goto(`play/${GAME}`);
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await frame.locator('details').evaluateAll((sections) => {
    for (const section of sections) (section as HTMLDetailsElement).open = true;
  });
  await frame.getByTestId('push').click();
  return logLine(frame, 'call push.register ok');
}

const subscriptionsOf = (accountId: string) => {
  const db = new Database(server.databaseFile, { readonly: true });
  try {
    return db
      .prepare('SELECT endpoint, platform, p256dh, auth FROM push_subscriptions WHERE account_id = ?')
      .all(accountId) as { endpoint: string; platform: string; p256dh: string; auth: string }[];
  } finally {
    db.close();
  }
};

describe('push.register on the own portal', () => {
  it('asks with the push-permission confirm; cancel answers registered:false and saves nothing', async () => {
    const player = await signInByEmail(server.url);
    const { page } = await session.tab(await playerContext(player));
    const answer = await pressPush(page);
    const confirm = page.getByRole('dialog', { name: en.modals.pushTitle });
    await confirm.getByText(en.modals.pushBody).waitFor();
    await confirm.getByRole('button', { name: en.common.cancel }).click();
    await confirm.waitFor({ state: 'detached' });
    await answer.filter({ hasText: '{"registered":false}' }).waitFor();
    expect(subscriptionsOf(player.accountId)).toEqual([]);
  });

  it('with notifications allowed, subscribes with the game’s VAPID key and the server stores the subscription', async () => {
    const player = await signInByEmail(server.url);
    const context = await playerContext(player);
    await context.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 9).toString('base64url'),
    };
    const endpoint = `https://127.0.0.1:9/push/${player.accountId}`;
    await context.addInitScript(
      ({ endpoint, keys }) => {
        // The one stub: a subscription as a push service would hand it out, and what it was asked with.
        PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
          const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
          const base64 = btoa(String.fromCharCode(...key));
          (window as { pushAsked?: unknown }).pushAsked = { userVisibleOnly: options?.userVisibleOnly, key: base64 };
          const json = { endpoint, expirationTime: null, keys };
          return { ...json, toJSON: () => json } as unknown as PushSubscription;
        };
      },
      { endpoint, keys },
    );
    const { page } = await session.tab(context);
    const answer = await pressPush(page);
    await answer.filter({ hasText: '{"registered":true}' }).waitFor();
    // Already allowed: the portal does not ask again.
    expect(await page.getByRole('dialog', { name: en.modals.pushTitle }).count()).toBe(0);

    const config = (await (await fetch(new URL(`api/v1/public_game_config/${GAME}`, server.url))).json()) as {
      PublicWebClientConfig: { WebPush: { VapidPublicKey?: string } };
    };
    const vapidKey = config.PublicWebClientConfig.WebPush.VapidPublicKey ?? '';
    expect(Buffer.from(vapidKey, 'base64url')).toHaveLength(65);
    const asked = (await page.evaluate(() => (window as { pushAsked?: unknown }).pushAsked)) as {
      userVisibleOnly: boolean;
      key: string;
    };
    expect(asked.userVisibleOnly).toBe(true);
    expect(Buffer.from(asked.key, 'base64').toString('base64url')).toBe(vapidKey);
    expect(subscriptionsOf(player.accountId)).toEqual([{ endpoint, platform: 'web', ...keys }]);
  });

  it('the service worker shows a pushed notice as a notification carrying its url', async () => {
    const player = await signInByEmail(server.url);
    const context = await playerContext(player);
    const origin = new URL(server.url).origin;
    await context.grantPermissions(['notifications'], { origin });
    const { page } = await session.tab(context);
    await page.goto(`play/${GAME}`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((entry) => !entry.isDeleted && entry.scopeURL.startsWith(origin));
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const notice = { title: 'Tournament', body: 'Starts in an hour', url: '/play/sky-runner' };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(notice),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            data: shown.data as unknown,
          })),
        ),
      )
      .toEqual([{ title: notice.title, body: notice.body, data: { url: notice.url } }]);
  });
});
