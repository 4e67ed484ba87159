import type { BrowserContext } from 'playwright-core';
import { acceptDueDocuments } from './documents';
import type { BrowserSession } from './session';
import { type SignedIn, signInByEmail } from './sign-in';

/**
 * A new player signed in by email who accepted the game's due documents, and a fresh browser
 * context that starts signed in as them: a store spec's buyer.
 */
export async function signedInBuyer(
  site: string,
  session: BrowserSession,
  game = 'gem-garden',
): Promise<{ context: BrowserContext; player: SignedIn }> {
  const player = await signInByEmail(site);
  await acceptDueDocuments(site, player.token, game);
  const context = await session.freshContext();
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return { context, player };
}

/** How many of `sku` the player has bought in the game, as check-buy-products counts completed orders. */
export async function boughtCount(site: string, player: SignedIn, sku: string, game = 'gem-garden'): Promise<number> {
  const response = await fetch(new URL('api/v1/store/check-buy-products', site), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ Game: game }),
  });
  const { Products } = (await response.json()) as { Products: { Sku: string; Count: number }[] };
  return Products.find((product) => product.Sku === sku)?.Count ?? 0;
}
