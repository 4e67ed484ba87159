import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// MY.GAMES sign-in from the login modal and the Profile, and Twitch connected from the Profile,
// against the development server's stand-ins of MY.GAMES (/dev/mygames) and Twitch's id server
// (/dev/twitch): the browser goes to their authorization pages and back to /LoginMyGames and
// /TwitchConnect, and the server exchanges the codes with them over HTTP as in production.
// The single-game site of sky-runner offers MY.GAMES (its client is the stand-in's).

const server = ownServer({ FIXED_GAME: 'sky-runner' });
const session = browserSession(() => server.url);
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function accountOf(token: string) {
  const response = await fetch(new URL('api/v1/profile', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { AccountId: string; SocialIdentifiers: { Type: string; Id: string }[] };
}

/** At the stand-in's authorization page: the player allows (or denies) as `userId`. */
async function answerAt(page: Page, vendor: 'mygames' | 'twitch', userId: string, decision = 'Allow') {
  await page.waitForURL(new RegExp(`/dev/${vendor}/oauth2/authorize\\?`));
  await page.getByLabel('User id').fill(userId);
  await page.getByLabel('Login').fill(`${userId}_login`);
  await page.getByRole('button', { name: decision }).click();
}

async function signInWithMyGames(page: Page, userId: string) {
  await page.getByRole('button', { name: en.header.signIn }).click();
  const dialog = page.getByRole('dialog', { name: en.auth.signInTitle });
  await dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'MY.GAMES') }).click();
  await answerAt(page, 'mygames', userId);
}

/** The session the portal keeps once signed in (the single-game page shows its game, not the site header). */
const tokenOf = async (page: Page) => {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('AuthToken'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('AuthToken'))) as string;
};

async function noSidewaysScroll(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `${name}-${size}`);
  }
}

describe('MY.GAMES sign-in and Twitch connection through the development stand-ins', () => {
  it('a new MY.GAMES player confirms a new account, then signs straight back in to it', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const userId = unique('mg');
    await signInWithMyGames(page, userId);
    const confirm = page.getByTestId('mygames-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toBe(en.auth.mygamesNewAccount.replace('{{user}}', `${userId}_login`));
    await noSidewaysScroll(page, 'mygames-new-account');
    await page.getByRole('button', { name: en.auth.mygamesCreate }).click();
    const account = await accountOf(await tokenOf(page));
    expect(account.SocialIdentifiers).toEqual([{ Type: 'MyGamesId', Id: userId }]);

    // Signed out, MY.GAMES signs in to the same account with no question.
    await page.evaluate(() => localStorage.removeItem('AuthToken'));
    await page.goto('.');
    await signInWithMyGames(page, userId);
    const again = await tokenOf(page);
    expect((await accountOf(again)).AccountId).toBe(account.AccountId);
    expect(await page.getByTestId('mygames-confirm').count()).toBe(0);
  });

  it('an email player adds MY.GAMES on the Profile after confirming; another account cannot take it', async () => {
    const player = await signInByEmail(server.url);
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    const userId = unique('mgx');
    const add = page.getByRole('region', { name: en.profile.addSignInMethod });
    await add.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'MY.GAMES') }).click();
    await answerAt(page, 'mygames', userId);
    await page.getByTestId('mygames-confirm').waitFor();
    expect(await page.getByTestId('mygames-confirm').innerText()).toBe(
      en.auth.mygamesAddToAccount.replace('{{user}}', `${userId}_login`),
    );
    await page.getByRole('button', { name: en.auth.mygamesAdd }).click();
    await page.getByTestId('social-identifiers').getByText(userId).waitFor();
    expect((await accountOf(player.token)).SocialIdentifiers).toContainEqual({ Type: 'MyGamesId', Id: userId });

    // The same MY.GAMES user, confirmed by another signed-in account: refused, and it stays.
    const other = await signInByEmail(server.url);
    const otherContext = await session.freshContext();
    await otherContext.addInitScript((token) => localStorage.setItem('AuthToken', token), other.token);
    const { page: otherPage, problems } = await session.openIn(otherContext, '/Profile');
    problems.allow(/status of 409/);
    const otherAdd = otherPage.getByRole('region', { name: en.profile.addSignInMethod });
    await otherAdd.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'MY.GAMES') }).click();
    await answerAt(otherPage, 'mygames', userId);
    await otherPage.getByRole('button', { name: en.auth.mygamesAdd }).click();
    await otherPage.getByTestId('mygames-problem').getByText(en.errors.identityTaken).waitFor();
    await otherPage.getByRole('link', { name: en.common.backHome }).waitFor();
    expect((await accountOf(other.token)).SocialIdentifiers).not.toContainEqual({ Type: 'MyGamesId', Id: userId });
  });

  it('a denied, or not started here, MY.GAMES return says so and leads home', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    await page.getByRole('button', { name: en.header.signIn }).click();
    const dialog = page.getByRole('dialog', { name: en.auth.signInTitle });
    await dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'MY.GAMES') }).click();
    await answerAt(page, 'mygames', unique('mgd'), 'Deny');
    await page.getByTestId('mygames-problem').getByText(en.auth.mygamesCancelled).waitFor();

    // A return with a code this browser never asked for (a link someone sent): nothing is read.
    await page.goto('LoginMyGames?code=forged-code&state=forged-state');
    await page.getByTestId('mygames-problem').getByText(en.auth.mygamesFailed).waitFor();
    await page.getByRole('link', { name: en.common.backHome }).click();
    await page.getByRole('button', { name: en.header.signIn }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
  });

  it('connects Twitch from the Profile and lists it; a forged return connects nothing', async () => {
    const player = await signInByEmail(server.url);
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    const services = page.getByRole('region', { name: en.profile.connectedServices });
    const connect = services.getByRole('button', {
      name: en.profile.connectService.replace('{{service}}', 'Twitch').replace('{{game}}', 'Sky Runner'),
    });
    await connect.waitFor();
    await connect.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page, 'profile-twitch-connect');
    await connect.click();
    await answerAt(page, 'twitch', '141981764');
    await page.waitForURL(/\/Profile$/);
    const list = page.getByTestId('connected-services');
    await list.waitFor();
    expect((await list.innerText()).replace(/\s+/g, ' ')).toContain('Twitch 141981764_login in Sky Runner');
    expect(await connect.count()).toBe(0);

    await page.goto('TwitchConnect?code=forged-code&state=forged-state');
    await page.getByTestId('twitch-problem').getByText(en.profile.twitchFailed).waitFor();
    await page.getByRole('link', { name: en.header.profile }).last().click();
    await page.getByTestId('connected-services').waitFor();
    const listed = await fetch(new URL('api/v1/data-connections/get', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await listed.json()) as { Connections: unknown[] }).Connections).toHaveLength(1);
  });
});
