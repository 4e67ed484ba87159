import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { newSteamId, OTHER_STEAM_APP_ID, signInWithSteam, ticketOf, useFakeSteam } from './steam-test-support.js';

/** POST /auth/authenticate_from_social with SteamLogin {Ticket}, checked with AuthenticateUserTicket at Steam. */
describeEachEngine('Steam sign-in from a Web API auth ticket', (engine) => {
  const steam = useFakeSteam();
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, steam: steam.config } });
  const identities = (ids: string[]) =>
    testApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('identifier')
      .where('type', '=', 'Steam')
      .where('identifier', 'in', ids)
      .execute();

  it('a ticket Steam authenticates makes the account and its Steam identity; a new ticket later finds the same', async () => {
    const steamId = newSteamId();
    const first = await signInWithSteam(testApp().app, ticketOf(steam.fake, steamId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'Steam',
      AuthenticatedSocialIdentifier: steamId,
    });
    const again = await signInWithSteam(testApp().app, ticketOf(steam.fake, steamId), { Social: 13 });
    expect(again.statusCode).toBe(200);
    expect(again.json().AccountId).toBe(first.json().AccountId);
    expect(await identities([steamId])).toHaveLength(1);
  });

  it('a replayed ticket is refused, even several at once: one session per ticket', async () => {
    const steamId = newSteamId();
    const ticket = ticketOf(steam.fake, steamId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signInWithSteam(testApp().app, ticket)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const refused = answers.find((answer) => answer.statusCode === 401);
    expect(refused?.json().ErrorCode).toBe('platform_payload_expired');
    // The same bytes in lower case are the same ticket.
    const lower = await signInWithSteam(testApp().app, ticket.toLowerCase());
    expect(lower.json().ErrorCode).toBe('platform_payload_expired');
  });

  it.each([
    ['a forged ticket', () => 'AB'.repeat(120), 'platform_sign_invalid'],
    [
      'a ticket of another game’s app',
      (id: string) => ticketOf(steam.fake, id, OTHER_STEAM_APP_ID),
      'platform_sign_invalid',
    ],
    [
      'a ticket made for another service’s identity',
      (id: string) => ticketOf(steam.fake, id, undefined, 'another-backend'),
      'platform_sign_invalid',
    ],
    ['a ticket that is not hex', () => 'not-a-ticket-at-all', 'validation_failed'],
  ])('%s is refused and makes no account', async (_name, ticket, code) => {
    const steamId = newSteamId();
    const response = await signInWithSteam(testApp().app, ticket(steamId));
    expect(response.json().ErrorCode).toBe(code);
    expect(await identities([steamId])).toEqual([]);
  });

  it('Steam down or a wrong publisher key → 503, nothing written; a missing block answers the spec message', async () => {
    const steamId = newSteamId();
    steam.fake.down(true);
    try {
      const down = await signInWithSteam(testApp().app, ticketOf(steam.fake, steamId));
      expect(down.statusCode).toBe(503);
      expect(down.json().ErrorCode).toBe('service_unavailable');
    } finally {
      steam.fake.down(false);
    }
    const missing = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'Steam', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Steam payload is required for Steam login');
    const elsewhere = await signInWithSteam(testApp().app, ticketOf(steam.fake, steamId), { Game: 'gem-garden' });
    expect(elsewhere.json().ErrorCode).toBe('game_not_on_platform');
    expect(await identities([steamId])).toEqual([]);
  });
});

describeEachEngine('Steam sign-in with a publisher key Steam does not know', (engine) => {
  const steam = useFakeSteam();
  const testApp = useTestApp(engine, {
    platforms: {
      ...testConfig().platforms,
      steam: {
        ...steam.config,
        get apiUrl() {
          return steam.config.apiUrl;
        },
        apps: { 'sky-runner': { appId: '2400001', secrets: ['revoked-publisher-key-0000'] } },
      },
    },
  });
  it('Steam answers 403: fail closed with 503', async () => {
    const response = await signInWithSteam(testApp().app, ticketOf(steam.fake, newSteamId()));
    expect(response.statusCode).toBe(503);
  });
});
