import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SqliteDatabase as Database } from '../../apps/server/src/db/sqlite-driver';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { en } from '../harness/messages';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { mailedInviteToken, uniqueEmail } from '../harness/sign-in';

// A new player signs in by email through the login modal and the mailed link, looks
// at the profile, changes settings, and signs out. Its own server, so the test can
// expire links in the database as ten minutes would.

const server = ownServer();

const session = browserSession(() => server.url);

async function accountOf(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('api/v1/profile', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Asks for a link in the login modal, up to the "check your mail" view. */
async function askForLink(page: Page, email: string) {
  await page.getByRole('button', { name: en.header.signIn }).click();
  const dialog = page.getByRole('dialog', { name: en.auth.signInTitle });
  await dialog.getByLabel(en.auth.emailLabel).fill(email);
  await dialog.getByRole('button', { name: en.auth.continue }).click();
  // A click, not check(): the box goes away as soon as it yields its token.
  await dialog.getByLabel(en.auth.devRobotCheck).click();
  await dialog.getByText(en.auth.sentTitle).waitFor();
  await dialog.getByText(en.auth.sentBody.replace('{{email}}', email)).waitFor();
  return dialog;
}

/** A link page in a new profile, where the server's refusal (400) is the expected outcome. */
async function linkPageRefusing(path: string): Promise<Page> {
  const { page, problems } = await session.tab(await session.freshContext());
  problems.allow(HTTP_ERROR_LINE(400));
  await page.goto(path);
  return page;
}

describe('signing in by email', () => {
  it('checks the address before anything is sent', async () => {
    const { page } = await session.tab();
    await page.goto('.');
    await page.getByRole('button', { name: en.header.signIn }).click();
    const dialog = page.getByRole('dialog', { name: en.auth.signInTitle });
    await dialog.getByLabel(en.auth.emailLabel).fill('not-an-address');
    await dialog.getByText(en.auth.emailInvalid).waitFor();
    await dialog.getByRole('button', { name: en.auth.continue }).click();
    expect(await dialog.getByLabel(en.auth.devRobotCheck).count()).toBe(0);
  });

  it('a new player signs in, sees the profile, changes settings and signs out', async () => {
    const email = uniqueEmail('modal');
    // Its own profile: the language it picks must not follow the other tests.
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto('Docs/faq');
    const dialog = await askForLink(page, email);

    // The player opens the mailed link in another tab of the same browser.
    const inviteToken = await mailedInviteToken(server.url, email);
    const { page: linkTab } = await session.tab(context);
    await linkTab.goto(`LoginValidateEmail?inviteToken=${inviteToken}`);
    // Back on the page they asked from, signed in.
    await linkTab.waitForURL(/\/Docs\/faq$/);
    await linkTab.getByRole('link', { name: en.header.profile }).waitFor();
    // The first tab notices, and its modal closes by itself.
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: en.header.profile }).waitFor();

    await linkTab.getByRole('link', { name: en.header.profile }).click();
    const profile = linkTab.getByTestId('profile');
    await profile.getByText(email).waitFor();
    await profile.getByText(en.profile.verified).waitFor();
    const token = await linkTab.evaluate(() => localStorage.getItem('AuthToken'));
    if (!token) throw new Error('no AuthToken after sign-in');
    const before = await accountOf(token);
    await profile.getByText(before.body.AccountId as string).waitFor();

    // Marketing email on: the switch, the badge, and the account on the server.
    await profile.getByRole('switch', { name: en.profile.marketing }).click();
    await profile.getByText(en.profile.subscribed).waitFor();
    expect((await accountOf(token)).body.MarketingEnabled).toBe(true);

    // A language picked in the portal is saved on the account.
    await linkTab.getByRole('combobox', { name: en.header.language }).selectOption('de');
    await linkTab.locator('html[lang="de"]').waitFor();
    await expect.poll(async () => (await accountOf(token)).body.Locale).toBe('de');

    // Signing out ends the session on the server too.
    const { messages: de } = await import('../../apps/web/src/shared/i18n/locales/de');
    await profile.getByRole('button', { name: de.profile.signOut }).click();
    await linkTab.getByRole('button', { name: de.header.signIn }).waitFor();
    expect(await linkTab.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
    expect((await accountOf(token)).status).toBe(401);
  });

  it('a used link and an expired link say so and offer a new one', async () => {
    const email = uniqueEmail('links');
    const { page } = await session.tab();
    await page.goto('.');
    await askForLink(page, email);
    const used = await mailedInviteToken(server.url, email);
    // Opened in the browser that asked for it: it signs in at once.
    const { page: first } = await session.openIn(session.context, `LoginValidateEmail?inviteToken=${used}`);
    await first.getByRole('link', { name: en.header.profile }).waitFor();

    const again = await linkPageRefusing(`LoginValidateEmail?inviteToken=${used}`);
    await again.getByTestId('sign-in-link-problem').getByText(en.auth.linkUsed).waitFor();
    await again.getByRole('button', { name: en.auth.newLink }).waitFor();

    // A second link, left for longer than its ten minutes (asked for signed out).
    await page.evaluate(() => localStorage.removeItem('AuthToken'));
    await page.goto('.');
    await askForLink(page, email);
    const stale = await mailedInviteToken(server.url, email, { newerThan: used });
    const db = new Database(server.databaseFile);
    try {
      db.prepare('update email_invites set expires_at = ? where consumed_at is null').run(Date.now() - 1000);
    } finally {
      db.close();
    }
    const late = await linkPageRefusing(`LoginValidateEmail?inviteToken=${stale}`);
    await late.getByTestId('sign-in-link-problem').getByText(en.auth.linkExpired).waitFor();
  });

  it('row 32: a link opened in another browser signs nobody in until the player confirms', async () => {
    const email = uniqueEmail('elsewhere');
    const asking = await session.freshContext();
    const { page } = await session.tab(asking);
    await page.goto('.');
    await askForLink(page, email);
    const inviteToken = await mailedInviteToken(server.url, email);
    const confirmTitle = en.auth.confirmTitle.replace('{{email}}', email);

    // A link scanner that runs the page, or a victim sent someone else's link: asked, not signed in.
    const { page: scanner, problems } = await session.tab(await session.freshContext());
    problems.allow(HTTP_ERROR_LINE(403));
    await scanner.goto(`LoginValidateEmail?inviteToken=${inviteToken}`);
    await scanner.getByRole('heading', { name: confirmTitle }).waitFor();
    expect(await scanner.getByTestId('sign-in-requested-on').textContent()).toContain('Linux');
    expect(await scanner.evaluate(() => localStorage.getItem('AuthToken'))).toBeNull();
    await scanner.close();

    // Nothing was spent: in the browser that asked, the same link signs in with one click.
    const { page: owner } = await session.openIn(asking, `LoginValidateEmail?inviteToken=${inviteToken}`);
    await owner.getByRole('link', { name: en.header.profile }).waitFor();

    // A second link, opened on another device on purpose: the player confirms and is signed in there.
    await page.goto('.');
    await page.evaluate(() => localStorage.removeItem('AuthToken'));
    await page.reload();
    await askForLink(page, email);
    const second = await mailedInviteToken(server.url, email, { newerThan: inviteToken });
    const { page: laptop, problems: laptopProblems } = await session.tab(await session.freshContext());
    laptopProblems.allow(HTTP_ERROR_LINE(403));
    await laptop.goto(`LoginValidateEmail?inviteToken=${second}`);
    await laptop.getByRole('heading', { name: confirmTitle }).waitFor();
    await laptop.getByRole('button', { name: en.auth.confirmSignIn }).click();
    await laptop.getByRole('link', { name: en.header.profile }).waitFor();
    const token = await laptop.evaluate(() => localStorage.getItem('AuthToken'));
    if (!token) throw new Error('no AuthToken after the confirmed sign-in');
    expect((await accountOf(token)).body.Email).toBe(email);
  });

  it('a link without its token says it is incomplete', async () => {
    const { page } = await session.open('LoginValidateEmail');
    await page.getByTestId('sign-in-link-problem').getByText(en.auth.linkMissing).waitFor();
  });
});
