import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { HTTP_ERROR_LINE } from './browser';
import { en } from './messages';
import type { BrowserSession } from './session';

/** The robot-check token the dev captcha accepts (README: any token but `dev-captcha-fail`). */
export const DEV_CAPTCHA_PASS = 'dev-captcha-pass';

export interface SignedIn {
  /** Bearer token of the new session, as the portal keeps it in localStorage. */
  token: string;
  accountId: string;
  email: string;
}

/** A new address per call, so every signed-in test starts with its own account. */
export function uniqueEmail(label = 'player'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

async function api<T>(site: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(`api/v1/${path}`, site), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} /api/v1/${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The magic-link token mailed to `email`, read from the dev mailbox page (the outbox
 * delivers within a few hundred milliseconds; see OUTBOX_INTERVAL_MS in server.ts).
 * `newerThan` waits past a link already seen, for the next one asked for.
 */
export async function mailedInviteToken(
  site: string,
  email: string,
  { timeoutMs = 10_000, newerThan }: { timeoutMs?: number; newerThan?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`To ${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?inviteToken=([\\w-]+)`);
  while (Date.now() < deadline) {
    const html = await (await fetch(new URL('dev/mailbox', site))).text();
    // Newest first: the first article addressed to `email` holds its latest link.
    const found = html.split('<article>').find((article) => pattern.test(article));
    const token = found?.match(pattern)?.[1];
    if (token && token !== newerThan) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in link for ${email} reached /dev/mailbox within ${timeoutMs} ms`);
}

/**
 * Signs a new player in through the API exactly as the portal does: email invite
 * with the dev robot check, the link from the dev mailbox, then the session token.
 */
export async function signInByEmail(site: string, email = uniqueEmail()): Promise<SignedIn> {
  // The nonce a browser keeps while it waits for its link: the same "browser" then signs in at once.
  const BrowserNonce = randomBytes(32).toString('base64url');
  await api(site, 'invite/email_invite', {
    method: 'POST',
    body: JSON.stringify({ Email: email, CaptchaResult: DEV_CAPTCHA_PASS, BrowserNonce }),
  });
  const inviteToken = await mailedInviteToken(site, email);
  const { Token: token } = await api<{ Token: string }>(site, 'auth/authenticate_from_email_invite', {
    method: 'POST',
    body: JSON.stringify({ InviteToken: inviteToken, BrowserNonce }),
  });
  const profile = await api<{ Data?: { AccountId?: string }; AccountId?: string }>(site, 'profile', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: '{}',
  });
  const accountId = profile.Data?.AccountId ?? profile.AccountId;
  if (!accountId) throw new Error(`POST /api/v1/profile gave no AccountId: ${JSON.stringify(profile)}`);
  return { token, accountId, email };
}

/**
 * Opens a sign-in link page whose token the server refuses and checks that it is a
 * page of its own, not the route error; the refusal (400/401/404) is expected.
 */
export async function expectRefusedLinkPage(session: BrowserSession, route: string): Promise<void> {
  const { page, problems } = await session.open(route);
  problems.allow(HTTP_ERROR_LINE(400)).allow(HTTP_ERROR_LINE(401)).allow(HTTP_ERROR_LINE(404));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // The refused token's answer must arrive within this test, where its error is expected.
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('heading', { name: en.routeError.title }).count()).toBe(0);
}

/**
 * Signs in in the development Firebase stand-in's account chooser (a popup) as `accountId`. The
 * chooser closes itself once it has answered, and a click that waits for its own end can then
 * find its page gone (seen under load): the click is queued in the page and not awaited.
 */
export async function chooseFirebaseAccount(chooser: Page, provider: string, accountId: string, name?: string) {
  await chooser.getByLabel(`Account id at ${provider}`).fill(accountId);
  if (name !== undefined) await chooser.getByLabel('Name').fill(name);
  // Enabled once the chooser's script has taken the form.
  await chooser.locator('button[type="submit"]:enabled').waitFor();
  await chooser
    .getByRole('button', { name: 'Sign in' })
    .evaluate((button) => setTimeout(() => (button as HTMLButtonElement).click(), 0));
}
