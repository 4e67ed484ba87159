import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwitch } from '../../apps/server/src/test/fake-twitch';
import { saveScreenshot } from '../harness/artifacts';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// The Profile screen lists the services a player connected for a game (spec §3, the
// streaming-service block): the server exchanges a Twitch code against a fake Twitch id server
// (real HTTP, Twitch's answers) and /data-connections/get feeds the list.

const CLIENT_ID = 'e2etwitchclient01';
const CLIENT_SECRET = 'e2e-twitch-client-secret-0001';
const clients = { [CLIENT_ID]: { secret: CLIENT_SECRET, redirectUri: '' } };
const twitch = await startFakeTwitch(clients, () => Date.now());
const server = ownServer({ TWITCH_APPS: `sky-runner=${CLIENT_ID}:${CLIENT_SECRET}`, TWITCH_ID_URL: twitch.url });
const session = browserSession(() => server.url);

beforeAll(() => {
  clients[CLIENT_ID].redirectUri = new URL('TwitchConnect', server.url).href;
  return () => twitch.close();
});

describe('connected services on the Profile screen', () => {
  it('shows the Twitch account connected for a game, at phone and desktop sizes, with no sideways scroll', async () => {
    const player = await signInByEmail(server.url);
    const code = twitch.authorize(CLIENT_ID, clients[CLIENT_ID].redirectUri, { id: '4242', login: 'sky_streamer' });
    const connected = await fetch(new URL('api/v1/auth/twitch/connect', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Game: 'sky-runner', Code: code }),
    });
    expect(connected.status).toBe(200);

    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    const list = page.getByTestId('connected-services');
    await list.waitFor();
    expect(await page.getByRole('heading', { name: 'Connected services' }).count()).toBe(1);
    expect((await list.innerText()).replace(/\s+/g, ' ')).toContain('Twitch sky_streamer in Sky Runner');
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1366, height: 768 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await list.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await saveScreenshot(page, `profile-connected-services-${name}`);
    }
  });

  it('lists nothing while nothing is connected, and offers to connect the game that has a Twitch application', async () => {
    const player = await signInByEmail(server.url);
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    await page.getByTestId('profile').getByText(player.email).first().waitFor();
    // The list's request has been answered (with no connections) before the page is judged.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('connected-services').count()).toBe(0);
    const offered = await page
      .getByRole('region', { name: 'Connected services' })
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(offered).toEqual(['Connect Twitch in Sky Runner']);
  });
});
