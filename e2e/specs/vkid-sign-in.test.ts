import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { chooseFirebaseAccount, mailedInviteToken, uniqueEmail } from '../harness/sign-in';

// One account, several ways in: Google (the development server's Firebase Auth stand-in),
// VK ID (its VK ID stand-in: authorization page, token endpoint and user_info, with PKCE
// and a state bound to the browser; the code is exchanged on the production path) and email.

const server = ownServer();
const session = browserSession(() => server.url);

async function accountOf(
  token: string,
): Promise<{ AccountId: string; SocialIdentifiers: { Type: string; Id: string }[] }> {
  const response = await fetch(new URL('api/v1/profile', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { AccountId: string; SocialIdentifiers: { Type: string; Id: string }[] };
}

async function tokenOf(page: Page): Promise<string> {
  await page.getByRole('link', { name: en.header.profile }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('AuthToken'));
  if (!token) throw new Error('no AuthToken after sign-in');
  return token;
}

async function openLoginModal(page: Page) {
  await page.getByRole('button', { name: en.header.signIn }).click();
  return page.getByRole('dialog', { name: en.auth.signInTitle });
}

/** VK ID's consent page (the stand-in): the VK user allows the app, and VK ID redirects back. */
async function allowAtVkId(page: Page, vkUserId: string) {
  await page.waitForURL(/\/dev\/vkid\/authorize\?/);
  const authorize = new URL(page.url());
  // What the portal sent: our state and an S256 challenge of a 32-byte verifier (43 characters).
  expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(authorize.searchParams.get('redirect_uri')).toBe(new URL('api/v1/auth/authenticate_to_fxid', server.url).href);
  await page.getByLabel('VK user id').fill(vkUserId);
  await page.getByLabel('First name').fill('Vk');
  await page.getByRole('button', { name: 'Allow' }).click();
}

async function signInWithVkId(page: Page, vkUserId: string) {
  const dialog = await openLoginModal(page);
  await dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'VK ID') }).click();
  await allowAtVkId(page, vkUserId);
  return tokenOf(page);
}

async function signInWithGoogle(context: BrowserContext, page: Page, googleId: string) {
  const dialog = await openLoginModal(page);
  const [chooser] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'Google') }).click(),
  ]);
  await chooseFirebaseAccount(chooser, 'Google', googleId);
  await dialog.waitFor({ state: 'detached' });
  return tokenOf(page);
}

async function signOut(page: Page) {
  await page.getByRole('link', { name: en.header.profile }).click();
  await page.getByTestId('profile').getByRole('button', { name: en.profile.signOut }).click();
  await page.getByRole('button', { name: en.header.signIn }).waitFor();
}

// Retried: about one run in ten, a second sign-in of the same Google user through the local Firebase
// stand-in leaves the login dialog open (cause not found yet).
describe('one account across Google, VK ID and email', { retry: 2 }, () => {
  it('offers VK ID beside Google, Apple and Facebook, as the company allows', async () => {
    const { page } = await session.tab(await session.freshContext());
    await page.goto('.');
    const dialog = await openLoginModal(page);
    await dialog.getByText(en.auth.otherWays).waitFor();
    await dialog.getByRole('button', { name: en.auth.signInWith.replace('{{provider}}', 'VK ID') }).waitFor();
  });

  it('signs in with Google, adds VK ID on the profile, signs out and back in with VK ID to the same account; email is an account of its own', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const stamp = Date.now().toString(36);
    const googleId = `google-vk-${stamp}`;
    const vkUserId = String(100_000 + (Date.now() % 800_000));
    const viaGoogle = await signInWithGoogle(context, page, googleId);
    const account = await accountOf(viaGoogle);

    // Profile → add VK ID: VK ID's page, then back to the profile with both ways listed.
    await page.getByRole('link', { name: en.header.profile }).click();
    const add = page.getByTestId('profile').getByRole('region', { name: en.profile.addSignInMethod });
    await add.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'VK ID') }).click();
    await allowAtVkId(page, vkUserId);
    await page.waitForURL(/\/Profile$/);
    expect((await accountOf(viaGoogle)).SocialIdentifiers).toEqual([
      { Type: 'Google', Id: googleId },
      { Type: 'VkontakteComOauth', Id: vkUserId },
    ]);
    await page.getByTestId('social-identifiers').getByText(vkUserId).waitFor();

    await signOut(page);
    const viaVk = await signInWithVkId(page, vkUserId);
    expect(viaVk).not.toBe(viaGoogle);
    expect((await accountOf(viaVk)).AccountId).toBe(account.AccountId);
    await signOut(page);
    expect((await accountOf(await signInWithGoogle(context, page, googleId))).AccountId).toBe(account.AccountId);

    // Email: a player of its own, who cannot take this VK ID (it stays on the Google account).
    await signOut(page);
    const email = uniqueEmail('vkid');
    const dialog = await openLoginModal(page);
    await dialog.getByLabel(en.auth.emailLabel).fill(email);
    await dialog.getByRole('button', { name: en.auth.continue }).click();
    await dialog.getByLabel(en.auth.devRobotCheck).click();
    await dialog.getByText(en.auth.sentTitle).waitFor();
    const { page: linkTab, problems } = await session.tab(context);
    await linkTab.goto(`LoginValidateEmail?inviteToken=${await mailedInviteToken(server.url, email)}`);
    const viaEmail = await tokenOf(linkTab);
    const emailAccount = await accountOf(viaEmail);
    expect(emailAccount.AccountId).not.toBe(account.AccountId);
    await linkTab.getByRole('link', { name: en.header.profile }).click();
    const addToEmail = linkTab.getByTestId('profile').getByRole('region', { name: en.profile.addSignInMethod });
    problems.allow(HTTP_ERROR_LINE(409));
    await addToEmail.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', 'VK ID') }).click();
    await allowAtVkId(linkTab, vkUserId);
    await linkTab.getByText(en.errors.identityTaken).waitFor();
    expect((await accountOf(viaEmail)).SocialIdentifiers).toEqual([{ Type: 'Email', Id: email }]);
    // Three sign-ins, two providers' pages and a mailed link on a busy machine.
  }, 120_000);

  it('a VK ID player adds an email address on the profile; the email then signs in to the same account', async () => {
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('.');
    const vkUserId = String(900_000 + (Date.now() % 90_000));
    const viaVk = await signInWithVkId(page, vkUserId);
    const account = await accountOf(viaVk);

    await page.getByRole('link', { name: en.header.profile }).click();
    const add = page.getByTestId('profile').getByRole('region', { name: en.profile.addSignInMethod });
    await add.getByRole('button', { name: en.profile.addProvider.replace('{{provider}}', en.profile.email) }).click();
    const dialog = page.getByRole('dialog', { name: en.auth.addEmailTitle });
    // Adding an address offers no other providers.
    expect(await dialog.getByText(en.auth.otherWays).count()).toBe(0);
    const email = uniqueEmail('vk-adds');
    await dialog.getByLabel(en.auth.emailLabel).fill(email);
    await dialog.getByRole('button', { name: en.auth.continue }).click();
    await dialog.getByLabel(en.auth.devRobotCheck).click();
    await dialog.getByText(en.auth.sentTitle).waitFor();
    const { page: linkTab } = await session.tab(context);
    const addingLink = await mailedInviteToken(server.url, email);
    await linkTab.goto(`LoginValidateEmail?inviteToken=${addingLink}`);
    await linkTab.waitForURL(/\/Profile$/);
    expect((await accountOf(await tokenOf(linkTab))).SocialIdentifiers).toEqual([
      { Type: 'VkontakteComOauth', Id: vkUserId },
      { Type: 'Email', Id: email },
    ]);
    await linkTab.getByTestId('profile').getByText(email).first().waitFor();
    await linkTab.close();

    await signOut(page);
    const again = await openLoginModal(page);
    await again.getByLabel(en.auth.emailLabel).fill(email);
    await again.getByRole('button', { name: en.auth.continue }).click();
    await again.getByLabel(en.auth.devRobotCheck).click();
    await again.getByText(en.auth.sentTitle).waitFor();
    const { page: secondLink } = await session.tab(context);
    const signInLink = await mailedInviteToken(server.url, email, { newerThan: addingLink });
    await secondLink.goto(`LoginValidateEmail?inviteToken=${signInLink}`);
    expect((await accountOf(await tokenOf(secondLink))).AccountId).toBe(account.AccountId);
  }, 120_000);

  it('refuses a VK ID return this browser did not start, and stays signed out', async () => {
    const { page } = await session.tab(await session.freshContext());
    await page.goto('LoginVkId?code=vk2.a.forged&state=forged-state&device_id=d');
    await page.getByTestId('vkid-problem').getByText(en.auth.errors.vkVerifierMissing).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
  });
});
