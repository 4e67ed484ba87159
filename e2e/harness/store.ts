import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { acceptDueDocuments } from './documents';
import { gameFrame, logLine } from './game';
import type { BrowserSession } from './session';
import { type SignedIn, signInByEmail } from './sign-in';

/**
 * The steps every web payment provider's spec takes with one demo game: a player signed in
 * through the mailbox with the game's documents accepted, in a fresh browser context whose
 * portal pages carry the session; the game opened in the player; and how many of a product
 * the server says the player bought (the game received it).
 */
export function storeBuyer(site: () => string, session: BrowserSession, game: string) {
  async function signedIn(): Promise<{ context: BrowserContext; player: SignedIn }> {
    const player = await signInByEmail(site());
    await acceptDueDocuments(site(), player.token, game);
    const context = await session.freshContext();
    // The portal's pages only: a provider's frame is of another origin, whose storage is not ours.
    await context.addInitScript(
      ([token, origin]) => {
        if (location.origin === origin) localStorage.setItem('AuthToken', token);
      },
      [player.token, new URL(site()).origin] as const,
    );
    return { context, player };
  }

  async function openGame(page: Page): Promise<FrameLocator> {
    await page.goto(`play/${game}`);
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    return frame;
  }

  async function boughtCount(player: SignedIn, sku: string): Promise<number> {
    const response = await fetch(new URL('api/v1/store/check-buy-products', site()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify({ Game: game }),
    });
    const { Products } = (await response.json()) as { Products: { Sku: string; Count: number }[] };
    return Products.find((product) => product.Sku === sku)?.Count ?? 0;
  }

  return { signedIn, openGame, boughtCount };
}
