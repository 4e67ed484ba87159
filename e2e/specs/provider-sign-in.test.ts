import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { chooseFirebaseAccount } from '../harness/sign-in';

// A player signs in with Google, Apple or Facebook from the login modal: the portal's
// Firebase SDK signs in against the development server's Firebase Auth stand-in (its
// emulator mode), whose ID token (RS256, local keys) the server verifies on its
// production path. The provider's account chooser is the stand-in's page.

const server = ownServer();
const session = browserSession(() => server.url);

async function accountOf(token: string): Promise<Record<string, unknown>> {
  const response = await fetch(new URL('api/v1/profile', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function openLoginModal(page: Page) {
  return page
    .getByRole('button', { name: en.header.signIn })
    .click()
    .then(() => page.getByRole('dialog', { name: en.auth.signInTitle }));
}

/** Picks a provider in the modal and signs in as `accountId` in its chooser window. */
async function signInWith(context: BrowserContext, page: Page, provider: string, accountId: string) {
  const dialog = await openLoginModal(page);
  const [chooser] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', provider) }).click(),
  ]);
  await chooseFirebaseAccount(chooser, provider, accountId, `${provider} Player`);
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: en.header.profile }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('AuthToken'));
  if (!token) throw new Error('no AuthToken after sign-in');
  return token;
}

// Retried: about one run in ten, a second sign-in of the same Google user through the local Firebase
// stand-in leaves the login dialog open (cause not found yet).
describe('signing in with Google, Apple and Facebook', { retry: 2 }, () => {
  it('offers the providers the company allows, two to a row, beside email', async () => {
    const { page } = await session.tab(await session.freshContext());
    await page.goto('.');
    const dialog = await openLoginModal(page);
    await dialog.getByText(en.auth.otherWays).waitFor();
    const names = await dialog
      .getByRole('button', { name: /Google|Apple|Facebook/ })
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(names).toEqual(['Google', 'Apple', 'Facebook']);
    await dialog.getByLabel(en.auth.emailLabel).waitFor();
  });

  it('a new player signs in with Google, sees it on the profile, signs out and back in to the same account', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const googleId = `google-${Date.now().toString(36)}`;
    const token = await signInWith(context, page, 'Google', googleId);
    const account = await accountOf(token);
    expect(account.SocialIdentifiers).toEqual([{ Type: 'Google', Id: googleId }]);
    expect(account.Name).toBe('Google Player');

    await page.getByRole('link', { name: en.header.profile }).click();
    const profile = page.getByTestId('profile');
    await profile.getByText(account.AccountId as string).waitFor();
    await profile.getByText('Google', { exact: true }).waitFor();

    await profile.getByRole('button', { name: en.profile.signOut }).click();
    await page.getByRole('button', { name: en.header.signIn }).waitFor();
    const again = await signInWith(context, page, 'Google', googleId);
    expect(again).not.toBe(token);
    expect((await accountOf(again)).AccountId).toBe(account.AccountId);
  });

  it('gives Apple and Facebook accounts of their own', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const apple = await accountOf(await signInWith(context, page, 'Apple', `apple-${Date.now().toString(36)}`));
    expect((apple.SocialIdentifiers as { Type: string }[])[0]?.Type).toBe('Apple');
    await page.evaluate(() => localStorage.removeItem('AuthToken'));
    await page.reload();
    const facebook = await accountOf(await signInWith(context, page, 'Facebook', `fb-${Date.now().toString(36)}`));
    expect((facebook.SocialIdentifiers as { Type: string }[])[0]?.Type).toBe('Facebook');
    expect(facebook.AccountId).not.toBe(apple.AccountId);
  });

  it('a Google player adds Apple on the profile, signs back in with Apple to the same account, and removes Google', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const googleId = `google-link-${Date.now().toString(36)}`;
    const appleId = `apple-link-${Date.now().toString(36)}`;
    const token = await signInWith(context, page, 'Google', googleId);
    const account = await accountOf(token);

    await page.getByRole('link', { name: en.header.profile }).click();
    const profile = page.getByTestId('profile');
    const add = profile.getByRole('region', { name: en.profile.addSignInMethod });
    const [chooser] = await Promise.all([
      context.waitForEvent('page'),
      add.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'Apple') }).click(),
    ]);
    await chooseFirebaseAccount(chooser, 'Apple', appleId);
    // Listed among the ways in, and no longer offered.
    await profile.getByTestId('social-identifiers').getByText(appleId).waitFor();
    expect(await add.getByRole('button', { name: 'Apple' }).count()).toBe(0);
    expect((await accountOf(token)).SocialIdentifiers).toEqual([
      { Type: 'Google', Id: googleId },
      { Type: 'Apple', Id: appleId },
    ]);

    await profile.getByRole('button', { name: en.profile.signOut }).click();
    await page.getByRole('button', { name: en.header.signIn }).waitFor();
    const viaApple = await signInWith(context, page, 'Apple', appleId);
    expect((await accountOf(viaApple)).AccountId).toBe(account.AccountId);

    // Google removed: Apple is then the only way in, which cannot be removed.
    await page.getByRole('link', { name: en.header.profile }).click();
    const ways = page.getByTestId('social-identifiers');
    await ways.getByRole('button', { name: en.profile.removeSignIn.replace('{{method}}', 'Google') }).click();
    await ways.getByText(googleId).waitFor({ state: 'detached' });
    expect(await ways.getByRole('button').count()).toBe(0);
    expect((await accountOf(viaApple)).SocialIdentifiers).toEqual([{ Type: 'Apple', Id: appleId }]);
  });

  it('refuses to add a sign-in that belongs to another account, and leaves it there', async () => {
    const context = await session.freshContext();
    const { page, problems } = await session.tab(context);
    await page.goto('.');
    const facebookId = `fb-owned-${Date.now().toString(36)}`;
    const owner = await accountOf(await signInWith(context, page, 'Facebook', facebookId));
    await page.evaluate(() => localStorage.removeItem('AuthToken'));
    await page.reload();
    const other = await signInWith(context, page, 'Google', `google-other-${Date.now().toString(36)}`);

    await page.getByRole('link', { name: en.header.profile }).click();
    const add = page.getByTestId('profile').getByRole('region', { name: en.profile.addSignInMethod });
    problems.allow(HTTP_ERROR_LINE(409));
    const [chooser] = await Promise.all([
      context.waitForEvent('page'),
      add.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'Facebook') }).click(),
    ]);
    await chooseFirebaseAccount(chooser, 'Facebook', facebookId);
    await add.getByText(en.errors.identityTaken).waitFor();
    expect(((await accountOf(other)).SocialIdentifiers as unknown[]).length).toBe(1);
    expect(((await accountOf(other)).AccountId as string) === owner.AccountId).toBe(false);
  });

  it('says so when the player closes the provider window, and stays signed out', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const dialog = await openLoginModal(page);
    const [chooser] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'Google') }).click(),
    ]);
    await chooser.close();
    await dialog.getByText(en.auth.errors.popupClosed).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
    // The player can still pick another way.
    expect(await dialog.getByRole('button', { name: 'Google' }).isEnabled()).toBe(true);
  });
});
