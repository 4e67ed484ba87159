import { FRIEND_STATUS_RETENTION_MS } from '@fxid/contract';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('friends', (engine) => {
  const testApp = useTestApp(engine);
  const tokens: Record<string, string> = {};
  const post = (url: string, payload: object, who: string) =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1/friends/${url}`,
      payload,
      headers: bearer(tokens[who] ?? ''),
    });
  const player = async (who: string) => {
    const { app, database } = testApp();
    tokens[who] = await signIn(app, database.handle.db, `${who}@example.com`);
  };

  it('gives the inviter a go link carrying an fxref that is not the account id', async () => {
    await player('ann');
    const response = await post('send_invite_notification', { Game: 'sky-runner' }, 'ann');
    expect(response.statusCode).toBe(200);
    const { Fxref, InviteUrl } = response.json();
    expect(Fxref).toMatch(/^[\w-]{22}$/);
    const url = new URL(InviteUrl);
    expect(url.pathname).toBe('/api/v1/go');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: '/play/sky-runner', fxref: Fxref, type: 'invite' });
    // Stable: the same link every time.
    expect((await post('send_invite_notification', {}, 'ann')).json().Fxref).toBe(Fxref);

    // The go link leads to the game with fxref for the portal to report after sign-in.
    const go = await testApp().app.inject(`${url.pathname}${url.search}`);
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe(`/play/sky-runner?fxref=${Fxref}&type=invite`);
  });

  it('makes the two accounts friends when the invited player reports the fxref, once', async () => {
    await player('bob');
    const { Fxref } = (await post('send_invite_notification', {}, 'ann')).json();
    const first = await post('accept_invite', { Fxref }, 'bob');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ Success: true, Created: true });
    // The link names the inviter by referral id only, never by account id.
    expect(first.json().FriendAccountId).not.toBe(Fxref);
    const again = await post('accept_invite', { Fxref }, 'bob');
    expect(again.json()).toMatchObject({ Success: true, Created: false });

    const annFriends = (await post('get', {}, 'ann')).json().Friends;
    const bobFriends = (await post('get', {}, 'bob')).json().Friends;
    expect(annFriends).toHaveLength(1);
    expect(bobFriends).toHaveLength(1);
    expect(bobFriends[0]).toMatchObject({
      FriendAccountId: first.json().FriendAccountId,
      Game: null,
      InThisGame: false,
      Status: null,
      Priority: 0,
      LastUpdatedAt: expect.any(Number),
    });
    expect(annFriends[0].FriendAccountId).not.toBe(bobFriends[0].FriendAccountId);
  });

  it('refuses an unknown fxref and the player’s own, with stable codes', async () => {
    const unknown = await post('accept_invite', { Fxref: 'A'.repeat(22) }, 'bob');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('not_found');
    const { Fxref } = (await post('send_invite_notification', {}, 'bob')).json();
    const own = await post('accept_invite', { Fxref }, 'bob');
    expect(own.statusCode).toBe(409);
    expect(own.json().ErrorCode).toBe('conflict');
    const bad = await post('accept_invite', { Fxref: "' OR '1'='1" }, 'bob');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toContainEqual({
      Field: 'body.Fxref',
      Message: 'Expected a referral id from an invite link',
    });
  });

  it("shows each friend's status in this game first, their latest elsewhere otherwise", async () => {
    const { clock } = testApp();
    const status = (who: string, Game: string, Status: string, Priority = 0) =>
      post('status', { Game, Name: `${who} the player`, Status, Priority }, who);
    expect((await status('bob', 'gem-garden', 'Level 12', 5)).json()).toEqual({ Success: true });
    clock.now += 1000;
    expect((await status('bob', 'sky-runner', 'Storm island')).statusCode).toBe(200);

    const inGarden = (await post('get', { Game: 'gem-garden' }, 'ann')).json().Friends;
    expect(inGarden).toEqual([
      expect.objectContaining({
        Game: 'gem-garden',
        InThisGame: true,
        Name: 'bob the player',
        Status: 'Level 12',
        Priority: 5,
      }),
    ]);
    const anywhere = (await post('get', {}, 'ann')).json().Friends;
    expect(anywhere[0]).toMatchObject({
      Game: 'sky-runner',
      InThisGame: false,
      Status: 'Storm island',
      LastUpdatedAt: clock.now,
    });
    const elsewhere = (await post('get', { Game: 'sky-runner' }, 'ann')).json().Friends;
    expect(elsewhere[0]).toMatchObject({ Game: 'sky-runner', InThisGame: true });
    // FriendsIds narrows the list.
    expect((await post('get', { FriendsIds: ['someone-else'] }, 'ann')).json().Friends).toEqual([]);
    const bobId = anywhere[0].FriendAccountId;
    expect((await post('get', { FriendsIds: [bobId] }, 'ann')).json().Friends).toHaveLength(1);
  });

  it('keeps status updates a year: older friends drop out of the list', async () => {
    const { clock } = testApp();
    clock.now += FRIEND_STATUS_RETENTION_MS + 60_000;
    // Sessions do not last a year: the same players sign in again.
    await player('ann');
    await player('bob');
    expect((await post('get', {}, 'ann')).json().Friends).toEqual([]);
    await player('cyd');
    const { Fxref } = (await post('send_invite_notification', {}, 'ann')).json();
    await post('accept_invite', { Fxref }, 'cyd');
    const friends = (await post('get', {}, 'ann')).json().Friends;
    expect(friends).toHaveLength(1);
    expect(friends[0].Status).toBeNull();
    // A fresh status brings bob back.
    await post('status', { Game: 'sky-runner', Name: 'Bob', Status: 'Back again' }, 'bob');
    expect((await post('get', {}, 'ann')).json().Friends.map((f: { Status: string | null }) => f.Status)).toEqual([
      'Back again',
      null,
    ]);
  });

  it('validates status updates and needs a known game and a bearer token', async () => {
    const cases: [object, string][] = [
      [{ Game: 'sky-runner', Name: '', Status: 'x' }, 'body.Name'],
      [{ Game: 'sky-runner', Name: 'n'.repeat(65), Status: 'x' }, 'body.Name'],
      [{ Game: 'sky-runner', Name: 'n', Status: 's'.repeat(257) }, 'body.Status'],
      [{ Game: 'sky-runner', Name: 'n', Status: 'x', Priority: 1.5 }, 'body.Priority'],
      [{ Name: 'n', Status: 'x' }, 'body.Game'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('status', payload, 'ann');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().Errors.map((issue: { Field: string }) => issue.Field)).toContain(field);
    }
    const unknown = await post('status', { Game: 'no-such-game', Name: 'n', Status: 'x' }, 'ann');
    expect(unknown.json().ErrorCode).toBe('game_not_found');
    expect((await post('get', { Game: 'no-such-game' }, 'ann')).json().ErrorCode).toBe('game_not_found');
    const anonymous = await testApp().app.inject({ method: 'POST', url: '/api/v1/friends/get', payload: {} });
    expect(anonymous.json()).toMatchObject({ status: 401, ErrorCode: 'unauthorized' });
  });

  it('row 45: refuses invisible and text-direction characters, and stores names in NFC', async () => {
    const hostile: [string, string][] = [
      ['body.Name', 'Bob\u0000'],
      ['body.Name', 'Bob\u202Etxt.exe'],
      ['body.Status', 'Level\u200B12'],
      ['body.Status', '\u2067Level 12'],
    ];
    for (const [field, text] of hostile) {
      const payload = { Game: 'sky-runner', Name: 'Bob', Status: 'ok', [field.slice(5)]: text };
      const response = await post('status', payload, 'bob');
      expect(response.statusCode, JSON.stringify(text)).toBe(400);
      expect(response.json().Errors).toContainEqual({
        Field: field,
        Message: 'Must not contain control, invisible or text-direction characters',
      });
    }
    // What was refused left nothing: bob's last status still stands.
    expect((await post('get', {}, 'ann')).json().Friends[0].Status).toBe('Back again');
    const saved = await post('status', { Game: 'sky-runner', Name: ' Rene\u0301 ', Status: 'Cafe\u0301' }, 'bob');
    expect(saved.statusCode).toBe(200);
    expect((await post('get', {}, 'ann')).json().Friends[0]).toMatchObject({ Name: 'Ren\u00e9', Status: 'Caf\u00e9' });
  });
});
