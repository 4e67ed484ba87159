import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Facebook Instant Games, offline: /dev/hosts plays Facebook around the portal's
// player. The portal loads the FBInstant stand-in the simulator serves (never connect.facebook.net),
// which asks the host page for the player, the payment dialog, the ads and the context chooser; the
// host has the server sign the SignedPlayerInfo and each purchase with the game's dev app secret,
// as Facebook signs them.
// Tall enough for the whole host frame (the simulator's controls sit above it): the portal's
// fixed dialogs inside the frame cannot be scrolled into view from the host page.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

describe('the demo game on the simulated Facebook Instant Games host', () => {
  it('signs in with the SignedPlayerInfo and no email, plays ads, invites, buys once, and a cancelled or failed purchase buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'fbinstantgames', GAME, 'new');

    // Signed in by Facebook's SignedPlayerInfo alone: an app-scoped Facebook identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, playerId = '', appId = ''] = /Facebook player (\d+) \([^)]+\) in app (\d+)/.exec(who) ?? [];
    const token = await portalToken(portal, 'Instant Games');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'FacebookNamespaced', Id: `${appId}:${playerId}` });
    await game.getByTestId('platform').filter({ hasText: 'platform: FacebookInstantGames' }).waitFor();

    // A rewarded video on the game's placement, watched to the end; an interstitial closed early is Skipped.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'Ad: rewarded', 'Finished');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');
    await game.getByTestId('ad-interstitial').click();
    await answerHost(page, 'Ad: interstitial', 'Closed');
    await logLine(game, 'call ads.showInterstitial ok').waitFor();
    expect(await logLine(game, 'call ads.showInterstitial ok').locator('.detail').textContent()).toContain('Skipped');

    // An invite through Facebook's context chooser names the players chosen; a share goes through shareAsync.
    await game.locator('details').evaluateAll((sections) => {
      for (const section of sections) (section as HTMLDetailsElement).open = true;
    });
    await game.getByTestId('invite').click();
    await answerHost(page, 'Play with friends', 'Choose Kim and Ola');
    await logLine(game, 'call friends.invite ok').waitFor();
    expect(await logLine(game, 'call friends.invite ok').locator('.detail').textContent()).toContain(
      '4300000000000001',
    );

    // Facebook's payment dialog, paid: the signed purchase is checked on our server, consumed after, received once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook payment', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    // Consumed on Facebook only after our server had it.
    await page
      .getByTestId('host-log')
      .getByText(/→ consumePurchaseAsync/)
      .waitFor();

    // Closed without paying: UserCancelled, nothing bought; a failed payment: payment_not_completed.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook payment', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook payment', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 150_000);
});
