import type { FrameLocator, Page } from 'playwright-core';
import { logLines } from './game';
import { portalUrl } from './sites';

// What the host simulator specs (vk-host, yandex-host, ok-host, telegram-host) share.

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
