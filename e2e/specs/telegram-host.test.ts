import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, portalApi, portalToken } from '../harness/hosts';
import { localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Telegram, offline: /dev/hosts/telegram plays Telegram Web around the
// portal's player (initData signed with the game's dev bot token, telegram-web-app.js's
// postMessage protocol, the Stars invoice) and, on Pay, its fake Bot API posts the bot
// webhook's pre_checkout_query and successful_payment to our server, as Telegram would.
const session = browserSession(portalUrl);
const GAME = 'sky-runner';

interface TelegramRun {
  page: Page;
  portal: FrameLocator;
  game: FrameLocator;
}

/** Opens the simulated Telegram for a new user and waits until the game runs (terms accepted on the way). */
async function openOnTelegram(page: Page): Promise<TelegramRun> {
  await page.goto(`dev/hosts?platform=telegram&game=${GAME}&user=new`);
  const portal = page.frameLocator('[data-testid="host-app-frame"]');
  const game = portal.frameLocator('[data-testid="game-frame"]');
  const ready = logLine(game, 'call loadingReady ok');
  const en = await localeMessages('en');
  const accept = portal.getByRole('button', { name: en.documents.accept, exact: true });
  for (;;) {
    await Promise.race([ready.waitFor(), accept.waitFor()]);
    if (await ready.isVisible()) break;
    await accept.click({ timeout: 2_000 }).catch(() => undefined);
  }
  return { page, portal, game };
}

const hostLog = (page: Page, text: string) => page.getByTestId('host-log').locator('li').filter({ hasText: text });
const stars100 = async (token: string) =>
  (await portalApi('store/check-buy-products', token, { Game: GAME })).Products.find(
    (product: { Sku: string }) => product.Sku === 'stars_100',
  );

describe('the demo game on the simulated Telegram host', () => {
  it('signs in as the Telegram user without any email and buys with Stars once', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnTelegram(page);

    // Signed in by initData alone: a Telegram identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, telegramId = '', name = ''] = /Telegram user (\d+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal, 'Telegram');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'Telegram', Id: telegramId });
    await game.getByTestId('platform').filter({ hasText: 'platform: Telegram' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();
    expect(await hostLog(page, '→ web_app_ready').count()).toBe(1);

    // The Stars invoice, paid: our bot answers pre_checkout_query, successful_payment makes the order.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, '100 stars', 'Pay 50 Stars');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    await hostLog(page, 'webhook pre_checkout_query → {"Received":true,"Outcome":"approved"}').waitFor();
    await hostLog(page, 'webhook successful_payment → {"Received":true,"Outcome":"paid"}').waitFor();
    await hostLog(page, '← invoice_closed').filter({ hasText: '"status":"paid"' }).waitFor();
    expect(await stars100(token)).toMatchObject({ Count: 1 });
    expect((await portalApi('store/check-buy-products', token, { Game: GAME })).Purchases).toEqual([]);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 120_000);

  it('a cancelled invoice is UserCancelled and a failed one is not completed; nothing is bought', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnTelegram(page);
    const token = await portalToken(portal, 'Telegram');

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, '100 stars', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, '100 stars', 'Fail');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();

    expect(await stars100(token)).toMatchObject({ Count: 0 });
    expect((await portalApi('store/check-buy-products', token, { Game: GAME })).Purchases).toEqual([]);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(0);
    expect(await hostLog(page, 'webhook').count()).toBe(0);
  }, 120_000);

  it('saves the game’s progress in Telegram’s CloudStorage when the catalog says Host, and reads it back after a relaunch', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnTelegram(page);
    await game.getByTestId('game-canvas').click();
    await logLine(game, 'call storage.set ok').waitFor();
    // Telegram's protocol log: the progress went through CloudStorage's saveStorageValue as our key, with fxid's version.
    const saves = await hostLog(page, '→ web_app_invoke_custom_method ').allTextContents();
    const save = saves
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))))
      .find((data) => data.method === 'saveStorageValue');
    expect(save?.params.key).toBe('s_progress');
    expect(JSON.parse(save?.params.value)).toMatchObject({ v: { rounds: 1 }, n: 1 });
    // fxid's server keeps nothing for this game's saves on Telegram.
    const token = await portalToken(portal, 'Telegram');
    expect((await portalApi('storage/get', token, { Game: GAME, Keys: ['progress'] })).Items).toEqual([]);

    // The same user opens the Mini App again: the progress comes back from CloudStorage.
    const reads = await hostLog(page, '"method":"getStorageValues"').count();
    await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="host-app-frame"]');
      frame?.contentWindow?.location.reload();
    });
    await expect
      .poll(() => hostLog(page, '"method":"getStorageValues"').count(), { timeout: 30_000 })
      .toBeGreaterThan(reads);
    await logLine(game, 'call loadingReady ok').waitFor();
    await game
      .getByTestId('cloud-progress')
      .filter({ hasText: /Saved: 1 rounds|раундов 1,/ })
      .waitFor();
  }, 120_000);
});
