import type { FrameLocator, Locator, Page } from 'playwright-core';
import { logLine, logLines } from './game';
import { localeMessages } from './messages';
import { portalUrl } from './sites';

// What the host simulator specs (one per simulated platform: vk-host, yandex-host, ok-host, …) share.

/** The host's dialog in the /dev/hosts page, answered with one of its buttons. */
export async function answerHost(page: Page, title: string, choice: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
}

/** The session the portal inside the host's frame keeps, or null (a guest, or signed out). */
export function sessionIn(portal: FrameLocator): Promise<string | null> {
  return portal.locator('html').evaluate(() => localStorage.getItem('AuthToken'));
}

/** The session the portal inside the host's frame keeps; throws when it has none. */
export async function portalToken(portal: FrameLocator, host: string): Promise<string> {
  const token = await sessionIn(portal);
  if (!token) throw new Error(`the portal in the ${host} frame has no session`);
  return token;
}

/** A POST to the portal's API as the signed-in player, its JSON answer (on the shared server unless `site` says). */
export async function portalApi(path: string, token: string, body: unknown = {}, site = portalUrl()) {
  const response = await fetch(new URL(`api/v1/${path}`, site), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** One product of a check-buy-products answer: what the player holds of `sku`, if anything. */
export function productIn<Product extends { Sku: string }>(bought: { Products: Product[] }, sku: string) {
  return bought.Products.find((product) => product.Sku === sku);
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

/**
 * The portal in the host page's frame and the demo game inside it, once the game runs (a new
 * account accepting the game's terms on the way).
 */
export async function hostedGame(page: Page): Promise<{ portal: FrameLocator; game: FrameLocator }> {
  const portal = page.frameLocator('[data-testid="host-app-frame"]');
  const game = portal.frameLocator('[data-testid="game-frame"]');
  await acceptTermsUntil(portal, logLine(game, 'call loadingReady ok'));
  return { portal, game };
}

/** Opens /dev/hosts as `platform` with `game` for a simulated `user` and waits until the game runs. */
export async function openOnHost(
  page: Page,
  platform: string,
  game: string,
  user = 'new',
): Promise<{ portal: FrameLocator; game: FrameLocator }> {
  await page.goto(`dev/hosts?platform=${platform}&game=${game}&user=${user}`);
  return hostedGame(page);
}

/** The portal's web checkout (the sandbox form) in its modal, inside the host's frame. */
const webCheckout = (portal: FrameLocator) => portal.frameLocator('[data-testid="checkout-frame"]');
const PAY = { name: /^(Pay|Оплатить)/ };

/** Pays in the portal's web checkout that the game's purchase opened. */
export async function payInWebCheckout(portal: FrameLocator): Promise<void> {
  await webCheckout(portal).getByRole('button', PAY).click();
}

/** Waits for the portal's web checkout, then closes its modal without paying. */
export async function closeWebCheckout(portal: FrameLocator): Promise<void> {
  await webCheckout(portal).getByRole('button', PAY).waitFor();
  await portal
    .getByRole('dialog')
    .getByRole('button', { name: /^(Close|Закрыть)$/ })
    .click();
}

/** The player our simulated launcher or native app signed in to itself (its email), and the portal's session. */
export async function wrapperPlayer(page: Page, portal: FrameLocator): Promise<{ email: string; token: string }> {
  const who = (await page.getByTestId('host-user').textContent()) ?? '';
  const email = /signed in to the wrapper as (\S+)/.exec(who)?.[1];
  if (!email) throw new Error(`no player signed in to the wrapper: ${who}`);
  return { email, token: await portalToken(portal, 'wrapper') };
}
