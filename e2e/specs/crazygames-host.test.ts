import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import {
  acceptTermsUntil,
  answerHost,
  closeWebCheckout,
  countLines,
  openOnHost,
  payInWebCheckout,
  portalApi,
  portalToken,
  productIn,
  sessionIn,
} from '../harness/hosts';
import { localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on CrazyGames, offline: /dev/hosts plays CrazyGames around the portal's player.
// The portal loads the SDK v3 stand-in the simulator serves (never CrazyGames' CDN), which asks
// the host page for the user, its token, the auth prompt and the ads; the host has the server
// sign user tokens with the simulator's key, which the server fetches as CrazyGames' public key.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

interface CrazyGamesRun {
  page: Page;
  portal: FrameLocator;
  game: FrameLocator;
}

/** Opens the simulated CrazyGames host for a user and waits until the game runs (terms accepted on the way). */
async function openOnCrazyGames(page: Page, user: 'new' | 'guest'): Promise<CrazyGamesRun> {
  return { page, ...(await openOnHost(page, 'crazygames', GAME, user)) };
}

/** Fills the personal-info modal's email, in whichever language the portal speaks, and confirms. */
async function confirmEmail(portal: FrameLocator) {
  const [en, ru] = await Promise.all([localeMessages('en'), localeMessages('ru')]);
  const label = new RegExp(`^(${en.store.personalInfo.emailLabel}|${ru.store.personalInfo.emailLabel})`);
  await portal.getByLabel(label).fill('crazy-buyer@example.com');
  await portal
    .getByRole('button', { name: en.store.personalInfo.confirm, exact: true })
    .or(portal.getByRole('button', { name: ru.store.personalInfo.confirm, exact: true }))
    .click();
}

describe('the demo game on the simulated CrazyGames host', () => {
  it('signs in with the user token, plays a rewarded and a midgame ad, buys once, and a cancelled checkout buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnCrazyGames(page, 'new');

    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, userId = '', name = ''] = /CrazyGames user (\S+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal, 'CrazyGames');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'CrazyGames', Id: userId });
    await game.getByTestId('platform').filter({ hasText: 'platform: CrazyGames' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();

    // A rewarded ad through SDK.ad.requestAd('rewarded'), then a midgame one that finds no ad.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'Ad: rewarded', 'Finished');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');
    await game.getByTestId('ad-interstitial').click();
    await answerHost(page, 'Ad: midgame', 'Failed');
    await logLine(game, 'call ads.showInterstitial ok').waitFor();
    expect(await logLine(game, 'call ads.showInterstitial ok').locator('.detail').textContent()).toContain('Failed');

    // crazyGames.call forwards into the SDK (its button sits in the folded social panel).
    await game.locator('details').evaluateAll((sections) => {
      for (const section of sections) (section as HTMLDetailsElement).open = true;
    });
    await game.getByTestId('crazygames').click();
    await logLine(game, 'call crazyGames.call ok').waitFor();
    expect(await logLine(game, 'call crazyGames.call ok').locator('.detail').textContent()).toContain(name);

    // The web checkout with the user token: paid once, the game receives it once.
    await game.getByTestId('buy-stars_100').click();
    // A CrazyGames account has no email: the order asks for one first (spec store §4, personal info).
    await confirmEmail(portal);
    await payInWebCheckout(portal);
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    // The checkout's request carried the user token (the host gave a fresh one for it).
    expect(
      await page.getByTestId('host-log').locator('li').filter({ hasText: '→ getUserToken' }).count(),
    ).toBeGreaterThanOrEqual(2);

    // The checkout closed without paying: cancelled, nothing bought.
    await portal.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
    await game.getByTestId('buy-stars_100').click();
    await confirmEmail(portal);
    await closeWebCheckout(portal);
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
  }, 150_000);

  it('a guest plays, is shown the auth prompt when buying, and declining is told "User still not registered"', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnCrazyGames(page, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('CrazyGames guest');
    expect(await sessionIn(portal)).toBeNull();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'CrazyGames sign-in', 'Cancel');
    await logLine(game, 'call buyProduct error guest').waitFor();
    expect(await logLine(game, 'call buyProduct error guest').locator('.detail').textContent()).toContain(
      'User still not registered',
    );
    expect(await portal.locator('[data-testid="checkout-frame"]').count()).toBe(0);
    expect(await sessionIn(portal)).toBeNull();
  }, 120_000);

  it('follows the auth listener: another account logs out and reloads as that account; signing out logs out', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnCrazyGames(page, 'new');
    const first = await sessionIn(portal);
    if (!first) throw new Error('no session');
    const firstAccount = (await portalApi('profile', first)).AccountId;

    const before = (await page.getByTestId('host-user').textContent()) ?? '';
    await page.getByTestId('crazygames-switch-user').click();
    await expect.poll(() => page.getByTestId('host-user').textContent()).not.toBe(before);
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, userId = ''] = /CrazyGames user (\S+)/.exec(who) ?? [];
    // The portal reloads, and the new CrazyGames user plays under their own account.
    // Waits for the new session itself: between the logout and the sign-in after the reload there is none.
    await expect
      .poll(
        async () => {
          const now = await sessionIn(portal);
          return now !== null && now !== first;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await acceptTermsUntil(portal, logLine(game, 'call loadingReady ok'));
    const second = (await sessionIn(portal)) ?? '';
    const profile = await portalApi('profile', second);
    expect(profile.AccountId).not.toBe(firstAccount);
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'CrazyGames', Id: userId });
    // The first session was logged out on the server before the reload.
    expect((await portalApi('profile', first)).status).toBe(401);

    await page.getByTestId('crazygames-sign-out').click();
    await expect.poll(() => sessionIn(portal), { timeout: 20_000 }).toBeNull();
    expect((await portalApi('profile', second)).status).toBe(401);
  }, 150_000);
});
