import { describe, expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../../apps/server/src/config';
import { signGameServerProof } from '../../apps/server/src/lib/game-server-proof';
import { externalIdProofText } from '../../apps/server/src/modules/auth/external-id/external-id-proof';
import { saveScreenshot } from '../harness/artifacts';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame } from '../harness/game';
import { en } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// A game running on its own (here the demo game opened directly, as a launcher or the game's
// own site would show it) whose server signed its player in by a Steam id hands the player to
// the portal: LoginFromGame/{game}/{token} signs them in and opens the game there.
const session = browserSession(portalUrl);

/** What the game's server does: vouch for its player (development's game secret) and get the tokens. */
async function gameServerSignIn(steamId: string) {
  const proof = signGameServerProof(
    DEV_GAME_SECRET,
    externalIdProofText('sky-runner', 'Steam', steamId),
    Math.floor(Date.now() / 1000),
  );
  const response = await fetch(new URL('api/v1/auth/authenticate_with_external_id/sky-runner', portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ExternalSocialIdentifier: { Type: 'Steam', Id: steamId },
      ExternalInfo: { UserPayload: proof },
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { AccountId: string; GameUid: string; Tokens: { GameAccessToken: string } };
}

describe('a game hands its player to the portal', () => {
  it('the demo game links to the portal, which signs the player in and opens the game; the link works once', async () => {
    const player = await gameServerSignIn(`7656119${Date.now()}`);
    const context = await session.freshContext();
    const { page } = await session.tab(context);
    await page.goto(`demo-game/?game=sky-runner#fxidGameAccessToken=${player.Tokens.GameAccessToken}`);
    const handOver = page.getByTestId('hand-over');
    await handOver.waitFor();
    // The token left the address bar once it was in the link.
    expect(new URL(page.url()).hash).toBe('');
    const link = (await handOver.getAttribute('href')) ?? '';
    await handOver.click();
    await page.waitForURL(/\/play\/sky-runner$/);
    await page.getByRole('link', { name: en.header.profile }).waitFor();
    // The game in the portal knows the same player, once Sky Runner's terms are accepted.
    const token = (await page.evaluate(() => localStorage.getItem('AuthToken'))) ?? '';
    expect(await acceptDueDocuments(portalUrl(), token, 'sky-runner')).toBe(1);
    await page.reload();
    await gameFrame(page)
      .getByTestId('user-id')
      .filter({ hasText: `id: ${player.AccountId}` })
      .waitFor();

    // The same link again (from history, a log): refused, and nobody new is signed in.
    const { page: again, problems } = await session.tab(await session.freshContext());
    problems.allow(HTTP_ERROR_LINE(400));
    await again.goto(link);
    await again.getByTestId('sign-in-link-problem').filter({ hasText: en.auth.linkUsed }).waitFor();
    expect(await again.getByRole('link', { name: en.header.profile }).count()).toBe(0);
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
    ] as const) {
      await again.setViewportSize({ width, height });
      expect(await again.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(again, `login-from-game-used-${width}`);
    }
  });

  it("refuses a token of another game: the link names gem-garden, the token is sky-runner's", async () => {
    const player = await gameServerSignIn(`7656118${Date.now()}`);
    const { page, problems } = await session.tab(await session.freshContext());
    problems.allow(HTTP_ERROR_LINE(400));
    await page.goto(`LoginFromGame/gem-garden/${player.Tokens.GameAccessToken}`);
    await page.getByTestId('sign-in-link-problem').waitFor();
    expect(await page.getByRole('link', { name: en.header.profile }).count()).toBe(0);
  });
});
