import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { openOnHost, portalApi, portalToken } from '../harness/hosts';
import { en, fill, localeMessages } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// A player who plays on VK adds that VK identity to their fxid account on the web: a link code
// made in the game's profile inside the (simulated) VK frame, confirmed on the own site's
// Profile; VK then signs in to the web account. Its own server: the returning VK user of
// /dev/hosts is moved to another account here, which other specs must not see.
const server = ownServer();
// Tall enough for the whole host frame with the portal's dialogs in it (see vk-host.test.ts).
const session = browserSession(() => server.url, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

/** The VK user the simulated host signs in, and the account the portal in its frame is signed in to. */
async function vkPlayer(page: Page, portal: Parameters<typeof portalToken>[0]) {
  const who = (await page.getByTestId('host-user').textContent()) ?? '';
  const vkId = /VK user (\d+)/.exec(who)?.[1] ?? '';
  const profile = await portalApi('profile', await portalToken(portal, 'VK'), {}, server.url);
  return { vkId, accountId: profile.AccountId as string, profile };
}

/** No sideways scroll at phone and desktop sizes, with a screenshot of each. */
async function checkSizes(page: Page, shown: Locator, name: string) {
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await shown.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `${name}-${size}`);
  }
}

describe('linking a VK identity to the web account', () => {
  it('gets a link code in the game on VK, confirms it on the own site, and VK then signs in to the web account', async () => {
    const ru = await localeMessages('ru');
    const { page } = await session.tab();
    const { portal } = await openOnHost(page, 'vkcom', GAME, 'returning');
    const onVk = await vkPlayer(page, portal);
    expect(onVk.profile).toMatchObject({ HasEmail: false });
    expect(onVk.profile.SocialIdentifiers).toEqual([{ Type: 'VkontakteCom', Id: onVk.vkId }]);

    // In the game's profile (VK speaks Russian): the reassurance, and the way to link.
    await portal.getByRole('button', { name: ru.header.profile }).click();
    const dialog = portal.getByRole('dialog');
    await dialog.getByText(ru.profile.embedded).waitFor();
    await dialog.getByRole('button', { name: ru.profile.linkFromGame }).click();
    const code = (await dialog.getByTestId('link-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const href = (await dialog.getByRole('link', { name: ru.profile.linkOpenSite }).getAttribute('href')) ?? '';
    expect(new URL(href).pathname).toBe(new URL('Profile', server.url).pathname);
    expect(new URL(href).searchParams.get('link_code')).toBe(code);
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1366, height: 1100 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await dialog.getByTestId('link-code').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `vk-profile-link-code-${size}`);
    }

    // Not signed in on the site: Profile sends the player to / and keeps the way back, code included.
    const stranger = await session.freshContext();
    const { page: signedOut } = await session.openIn(stranger, `Profile?link_code=${code}`);
    await signedOut.getByText(en.profile.loginRequired).first().waitFor();
    expect(await signedOut.evaluate(() => (history.state?.usr as { from?: string } | undefined)?.from)).toBe(
      `/Profile?link_code=${code}`,
    );

    // Signed in by email on the own site, the link shows what will be added; cancelling changes nothing.
    const player = await signInByEmail(server.url);
    const web = await session.freshContext();
    await web.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page: site } = await session.openIn(web, new URL(href).pathname.slice(1) + new URL(href).search);
    const section = site.getByTestId('link-game-account');
    const confirmText = fill(en.profile.linkConfirm, { method: 'VK', id: onVk.vkId });
    await section.getByText(confirmText).waitFor();
    await checkSizes(site, section, 'profile-link-confirm');
    await section.getByRole('button', { name: en.common.cancel }).click();
    await section.getByLabel(en.profile.linkCodeInput).waitFor();
    expect(new URL(site.url()).searchParams.get('link_code')).toBeNull();
    expect((await portalApi('profile', player.token, {}, server.url)).SocialIdentifiers).toEqual([
      { Type: 'Email', Id: player.email },
    ]);

    // The code typed by hand (lower case), checked, confirmed: VK is on the web account's list.
    await section.getByLabel(en.profile.linkCodeInput).fill(code.toLowerCase());
    await section.getByRole('button', { name: en.profile.linkCheck }).click();
    await section.getByText(confirmText).waitFor();
    await section.getByRole('button', { name: en.profile.linkDo }).click();
    await section.getByText(fill(en.profile.linkDone, { method: 'VK' })).waitFor();
    await site.getByTestId('profile').getByText(onVk.vkId).first().waitFor();
    await checkSizes(site, site.getByTestId('profile').getByText(onVk.vkId).first(), 'profile-linked');

    // VK again: the same VK user now plays on the web account.
    const { page: again } = await session.tab();
    const { portal: portalAgain } = await openOnHost(again, 'vkcom', GAME, 'returning');
    const back = await vkPlayer(again, portalAgain);
    expect(back.vkId).toBe(onVk.vkId);
    expect(back.accountId).toBe(player.accountId);
    expect(back.accountId).not.toBe(onVk.accountId);
    // The game's profile there offers no link any more: the account is the web one.
    await portalAgain.getByRole('button', { name: ru.header.profile }).click();
    await portalAgain.getByRole('dialog').getByText(ru.profile.embedded).waitFor();
    expect(await portalAgain.getByRole('button', { name: ru.profile.linkFromGame }).count()).toBe(0);
  }, 180_000);
});
