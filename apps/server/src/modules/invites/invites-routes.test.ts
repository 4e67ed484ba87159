import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { latestConnectToken, post, proofFor } from '../../test/connect-invites.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, queuedEmails, signIn } from '../../test/sign-in.js';

describeEachEngine('game connection invites', (engine) => {
  const testApp = useTestApp(engine);
  const ask = (gameUid: string, email: string, extra: object = {}) => {
    const { app, clock } = testApp();
    return post(app, '/invite/connect_from_game', {
      GameSystemName: 'sky-runner',
      GameUid: gameUid,
      GameUidProof: proofFor(clock.now, 'sky-runner', gameUid),
      Email: email,
      ...extra,
    });
  };
  const status = (gameUid: string) => {
    const { app, clock } = testApp();
    const GameUidProof = proofFor(clock.now, 'sky-runner', gameUid);
    return post(app, '/invite/status', { GameSystemName: 'sky-runner', GameUid: gameUid, GameUidProof });
  };
  const accept = async (email: string) =>
    post(testApp().app, '/invite/update_connect_game_invite', {
      InviteToken: await latestConnectToken(testApp().database.handle.db, email),
    });

  it('mails a link that connects the game account and signs in, once', async () => {
    expect((await status('player-1')).json()).toEqual({
      State: 'NotConnected',
      Connected: false,
      Result: 'GameTypeNotConnected',
      ResultCode: 1003,
      EmailHint: null,
      ExpiresAt: null,
    });
    const asked = await ask('player-1', 'Gamer@example.com', { Locale: 'ru' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ Success: true, Result: 'Created', ResultCode: 0, ExpiresAt: expect.any(String) });
    const mail = (await queuedEmails(testApp().database.handle.db)).at(-1);
    expect(mail?.subject).toBe('Привяжите Небесный бегун к аккаунту fxid');
    expect(mail?.text).toContain('http://localhost:8080/LoginValidateEmail?inviteToken=');
    expect((await status('player-1')).json()).toMatchObject({
      State: 'Pending',
      Result: 'Created',
      EmailHint: 'G•••@example.com',
      ExpiresAt: asked.json().ExpiresAt,
    });

    const token = await latestConnectToken(testApp().database.handle.db, 'Gamer@example.com');
    const accepted = await post(testApp().app, '/invite/update_connect_game_invite', { InviteToken: token });
    expect(accepted.json()).toEqual({
      Success: true,
      Result: 'Created',
      ResultCode: 0,
      Token: expect.any(String),
      Game: 'sky-runner',
      GameUid: 'player-1',
    });
    const profile = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      payload: {},
      headers: bearer(accepted.json().Token),
    });
    expect(profile.json()).toMatchObject({
      Email: 'Gamer@example.com',
      EmailValidated: true,
      Locale: 'ru',
      ConnectedGames: [{ Game: 'sky-runner', GameUid: 'player-1' }],
    });
    expect((await status('player-1')).json()).toMatchObject({ State: 'Connected', Connected: true, ResultCode: 1 });

    const again = await post(testApp().app, '/invite/update_connect_game_invite', { InviteToken: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().ErrorCode).toBe('invalid_token');
    const connected = await ask('player-1', 'someone@example.com');
    expect(connected.statusCode).toBe(409);
    expect(connected.json()).toMatchObject({
      ErrorCode: 'connected_to_another_account',
      L10NKey: 'errors.connected_to_another_account',
      L10NParam: { Game: 'sky-runner', GameConnectionResult: '1001' },
    });
  });

  it('refuses a second game account of the same game (1000)', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'owner@example.com');
    // Playing on the portal gave the account its own sky-runner player.
    await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      payload: { Game: 'sky-runner' },
      headers: bearer(token),
    });
    await ask('player-2', 'owner@example.com');
    const accepted = await accept('owner@example.com');
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({
      ErrorCode: 'already_connected',
      L10NParam: { GameConnectionResult: '1000' },
    });
    expect((await status('player-2')).json()).toMatchObject({
      State: 'Failed',
      Result: 'GameTypeAlreadyConnected',
      ResultCode: 1000,
    });
  });

  it('gives a game account to the first invite used (1001 for the other)', async () => {
    await ask('player-3', 'first@example.com');
    await ask('player-3', 'second@example.com');
    expect((await accept('second@example.com')).json().Result).toBe('Created');
    const late = await accept('first@example.com');
    expect(late.json()).toMatchObject({
      ErrorCode: 'connected_to_another_account',
      L10NParam: { GameConnectionResult: '1001' },
    });
  });

  it('lets one link win when it is used twice at once', async () => {
    await ask('player-4', 'racer@example.com');
    const token = await latestConnectToken(testApp().database.handle.db, 'racer@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(testApp().app, '/invite/update_connect_game_invite', { InviteToken: token }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('expires links after ten minutes (1002)', async () => {
    const { clock } = testApp();
    await ask('player-5', 'late@example.com');
    const start = clock.now;
    clock.now += 10 * 60 * 1000 + 1000;
    try {
      const accepted = await accept('late@example.com');
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json()).toMatchObject({
        ErrorCode: 'expired_token',
        L10NParam: { GameConnectionResult: '1002' },
      });
      expect((await status('player-5')).json()).toMatchObject({
        State: 'Expired',
        Result: 'Timeout',
        ResultCode: 1002,
      });
    } finally {
      clock.now = start;
    }
  });

  it('answers the same whether or not the address has an account', async () => {
    const { app, database } = testApp();
    await signIn(app, database.handle.db, 'known@example.com');
    const known = await ask('player-6', 'known@example.com');
    const unknown = await ask('player-7', 'unknown@example.com');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it('limits emails per address and builds links from the configured URL', async () => {
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await ask(`flood-${n}`, 'flood@example.com', {}));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.json().ErrorCode).toBe('rate_limited');
    const { app, clock } = testApp();
    await app.inject({
      method: 'POST',
      url: '/api/v1/invite/connect_from_game',
      headers: { host: 'evil.example' },
      payload: {
        GameSystemName: 'sky-runner',
        GameUid: 'player-8',
        GameUidProof: proofFor(clock.now, 'sky-runner', 'player-8'),
        Email: 'host@example.com',
      },
    });
    const mail = (await queuedEmails(testApp().database.handle.db)).at(-1);
    expect(mail?.to).toBe('host@example.com');
    expect(mail?.text).not.toContain('evil.example');
  });

  it.each([
    ['a proof for another player', { GameUidProof: 'other' }, 403, 'forbidden'],
    ['a proof signed with another secret', { GameUidProof: 'secret' }, 403, 'forbidden'],
    ['a malformed proof', { GameUidProof: 'not-a-proof' }, 400, 'validation_failed'],
    ['an unknown game', { GameSystemName: 'no-such-game' }, 404, 'game_not_found'],
    ['a redirect elsewhere', { RedirectUri: 'https://evil.example/' }, 400, 'redirect_not_allowed'],
    ['a bad email', { Email: 'not-an-email' }, 400, 'validation_failed'],
    ['a bad GameUid', { GameUid: 'has spaces' }, 400, 'validation_failed'],
  ])('refuses %s', async (_name, change, statusCode, code) => {
    const { app, clock } = testApp();
    const payload: Record<string, unknown> = {
      GameSystemName: 'sky-runner',
      GameUid: 'player-9',
      GameUidProof: proofFor(clock.now, 'sky-runner', 'player-9'),
      Email: 'bad@example.com',
      ...change,
    };
    if (payload.GameUidProof === 'other') payload.GameUidProof = proofFor(clock.now, 'sky-runner', 'player-10');
    if (payload.GameUidProof === 'secret') {
      payload.GameUidProof = proofFor(clock.now, 'sky-runner', 'player-9', 'a-secret-of-someone-else');
    }
    for (const url of ['/invite/connect_from_game', '/invite/status']) {
      if (url === '/invite/status') delete payload.Email;
      if (url === '/invite/status' && (code === 'redirect_not_allowed' || 'Email' in change)) continue;
      if (url === '/invite/status') delete payload.RedirectUri;
      const answer = await post(app, url, payload);
      expect(answer.statusCode, url).toBe(statusCode);
      expect(answer.json().ErrorCode, url).toBe(code);
    }
  });

  it('refuses unknown and malformed link tokens', async () => {
    const unknown = await post(testApp().app, '/invite/update_connect_game_invite', { InviteToken: 'A'.repeat(43) });
    expect(unknown.json().ErrorCode).toBe('invalid_token');
    const malformed = await post(testApp().app, '/invite/update_connect_game_invite', { InviteToken: 'x' });
    expect(malformed.json().ErrorCode).toBe('validation_failed');
  });
});
