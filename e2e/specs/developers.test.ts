import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog } from '../harness/catalog';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame } from '../harness/game';
import { en } from '../harness/messages';
import { ownServer, REPO_ROOT } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// A game developer's first ten minutes, as the SDK guide (packages/sdk/README.md, also the
// portal's /developers page) tells them: its game page and its catalog entry, copied out of
// the guide as written, with only the guide's addresses swapped for this run's.

const FENCE = '```';
const GUIDE = readFileSync(join(REPO_ROOT, 'packages/sdk/README.md'), 'utf8');
/** The guide's own address for a portal started with `npm start`. */
const GUIDE_PORTAL = 'http://localhost:8080/';
/** Where the guide serves the game page from. */
const GUIDE_GAME_PAGE = 'http://localhost:5500/index.html';

/** The first fenced block of `language` in the guide. */
function guideBlock(language: string): string {
  const block = GUIDE.match(new RegExp(`${FENCE}${language}\\n([\\s\\S]*?)${FENCE}`))?.[1];
  if (!block) throw new Error(`the SDK guide has no ${language} block`);
  return block;
}

const server = ownServer();
const session = browserSession(() => server.url);
let gameSite: Server;

beforeAll(async () => {
  // The guide's step 3 page, served like `python3 -m http.server` would, on another origin.
  const page = guideBlock('html').replaceAll(GUIDE_PORTAL, server.url);
  expect(page).toContain(`<script src="${server.url}sdk/fxid-sdk.js"></script>`);
  gameSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => gameSite.listen(0, '127.0.0.1', resolve));
  const { port } = gameSite.address() as AddressInfo;
  // Step 4: the catalog entry, imported next to the demo games.
  const catalog = guideBlock('yaml');
  expect(catalog).toContain(GUIDE_GAME_PAGE);
  await publishCatalog(server, catalog.replace(GUIDE_GAME_PAGE, `http://127.0.0.1:${port}/index.html`));
});

afterAll(async () => {
  await new Promise((resolve) => gameSite?.close(resolve));
});

describe("the SDK guide's quick start", () => {
  it('runs as written: a guest sees getInfo answered, the event and loadingReady pass, and Buy is offered', async () => {
    const { page } = await session.tab();
    await page.goto('play/my-game');
    const frame = gameFrame(page);
    await frame.getByText('Playing as a guest').waitFor();
    // The button is enabled only after stat.initialize, stat.event and loadingReady resolved.
    await expect.poll(() => frame.getByRole('button', { name: 'Buy 100 coins' }).isEnabled()).toBe(true);
    await page.getByTestId('game-loader').waitFor({ state: 'detached' });
  });

  it('a signed-in player buys the product through the sandbox checkout and the game consumes it', async () => {
    const player = await signInByEmail(server.url);
    await acceptDueDocuments(server.url, player.token, 'my-game');
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.tab(context);
    await page.goto('play/my-game');
    const frame = gameFrame(page);
    await frame.getByText(`Player ${player.accountId}`).waitFor();
    await frame.getByRole('button', { name: 'Buy 100 coins' }).click();
    const checkout = page.frameLocator('[data-testid="checkout-frame"]');
    await checkout.getByText('$0.99').first().waitFor();
    await checkout.getByRole('button', { name: new RegExp(`^${en.store.paymentFormPay.split('{{')[0]}`) }).click();
    const bought = frame.getByText(/^Bought: ord_[\w-]{22}$/);
    await bought.waitFor({ timeout: 15_000 });
    // The guide's page consumed it: nothing is left for the next start.
    const response = await fetch(new URL('api/v1/store/check-buy-products', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify({ Game: 'my-game' }),
    });
    expect(((await response.json()) as { Purchases: unknown[] }).Purchases).toEqual([]);
  });
});

describe('the developers page', () => {
  it('shows the guide under a translated title, reached from the footer, with no sideways scroll on a phone', async () => {
    const context = await session.freshContext({ viewport: { width: 360, height: 740 } });
    const { page } = await session.openIn(context, '');
    await page.getByRole('link', { name: en.footer.developers }).click();
    await page.waitForURL(/\/developers$/);
    await page.getByRole('heading', { level: 1, name: en.developers.title }).waitFor();
    await page.getByRole('heading', { name: 'Quick start: your game in the portal in ten minutes' }).waitFor();
    expect(await page.locator('pre code', { hasText: '/sdk/fxid-sdk.js' }).count()).toBeGreaterThan(0);
    // A link into the repository would lead nowhere on the portal: it is plain text.
    expect(await page.locator('a[href*="README.md"]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
