import type { FrameLocator, Locator, Page } from 'playwright-core';
import { logLines } from './game';
import { localeMessages } from './messages';
import { portalUrl } from './sites';

// What the host simulator specs (vk-host, yandex-host, ok-host, telegram-host, crazygames-host, kg-host) share.

/** The host's dialog in the /dev/hosts page, answered with one of its buttons. */
export async function answerHost(page: Page, title: string, choice: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
}

/** The session the portal inside the host's frame keeps; throws when it has none. */
export async function portalToken(portal: FrameLocator, host: string): Promise<string> {
  const token = await portal.locator('html').evaluate(() => localStorage.getItem('AuthToken'));
  if (!token) throw new Error(`the portal in the ${host} frame has no session`);
  return token;
}

/** A POST to the portal's API as the signed-in player, its JSON answer. */
export async function portalApi(path: string, token: string, body: unknown = {}) {
  const response = await fetch(new URL(`api/v1/${path}`, portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** How many times the demo game logged exactly `line`. */
export async function countLines(game: FrameLocator, line: string): Promise<number> {
  return (await logLines(game)).filter((logged) => logged === line).length;
}

/**
 * Accepts the game's terms in the portal inside the host's frame (a new account has them due,
 * in whichever language the portal speaks) until `ready` shows.
 */
export async function acceptTermsUntil(portal: FrameLocator, ready: Locator): Promise<void> {
  const [en, ru] = await Promise.all([localeMessages('en'), localeMessages('ru')]);
  const accept = portal
    .getByRole('button', { name: ru.documents.accept, exact: true })
    .or(portal.getByRole('button', { name: en.documents.accept, exact: true }));
  // The player loads the platform's script, signs in and loads the game first: on a loaded machine that takes a while.
  const wait = { timeout: 30_000 };
  for (;;) {
    await Promise.race([ready.waitFor(wait), accept.first().waitFor(wait)]);
    if (await ready.isVisible()) break;
    // The button may go between the check and the click: then look again rather than wait on it.
    await accept
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}
