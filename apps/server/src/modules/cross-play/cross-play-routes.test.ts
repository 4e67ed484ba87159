import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('cross-play', (engine) => {
  const testApp = useTestApp(engine);
  let token = '';
  const send = (payload: object, auth = token) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/cross-play/events/send',
      payload: { GameSystemName: 'sky-runner', ...payload },
      headers: bearer(auth),
    });
  const get = (url: string, auth = token) => testApp().app.inject({ method: 'GET', url, headers: bearer(auth) });
  const quest = async (id: string, auth = token) =>
    (await get('/api/v1/cross-play/quests/my', auth)).json().Quests.find((q: { Id: string }) => q.Id === id);

  it("lists a game's rules from the catalog, empty filters as empty strings", async () => {
    const { app, database } = testApp();
    token = await signIn(app, database.handle.db, 'cross-play@example.com');
    const response = await get('/api/v1/cross-play/events/rules?Game=sky-runner');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Rules: [
        { Code: 'level_completed', Filter1: '/^(storm|sky)-\\d+$/', Filter2: '', Filter3: '' },
        { Code: 'stars_collected', Filter1: '', Filter2: '', Filter3: '' },
      ],
    });
    expect((await get('/api/v1/cross-play/events/rules?Game=no-such-game')).json().ErrorCode).toBe('game_not_found');
  });

  it('lists open quests with no progress yet, localized', async () => {
    const response = await get('/api/v1/cross-play/quests/my?Locale=ru');
    expect(response.statusCode).toBe(200);
    expect(response.json().Quests).toEqual([
      {
        Id: 'runner-for-gems',
        Game: 'gem-garden',
        Name: 'Исследователь неба',
        Description: 'Пройдите 3 уровня бури или неба в Небесном беглеце.',
        EventGame: 'sky-runner',
        EventCode: 'level_completed',
        Counting: 'Events',
        Target: 3,
        Progress: 0,
        Completed: false,
        CompletedAt: null,
        StartsAt: null,
        EndsAt: null,
        Reward: '50 gems in Gem Garden',
      },
      expect.objectContaining({ Id: 'star-collector', Name: 'Собиратель звёзд', Counting: 'Value', Target: 500 }),
    ]);
    const garden = (await get('/api/v1/cross-play/quests/my?Game=gem-garden')).json().Quests;
    expect(garden.map((q: { Id: string }) => q.Id)).toEqual(['runner-for-gems']);
  });

  it('counts only events that match a rule of their game (filters re-checked on the server)', async () => {
    const cases: [object, boolean][] = [
      [{ EventCode: 'level_completed', P1: 'storm-3' }, true],
      [{ EventCode: 'level_completed', P1: 'storm-x' }, false],
      // A missing value fails a non-empty filter.
      [{ EventCode: 'level_completed' }, false],
      [{ EventCode: 'unknown_event', P1: 'storm-3' }, false],
      // The rule of another game does not count here.
      [{ EventCode: 'level_completed', P1: 'garden' }, false],
      [{ GameSystemName: 'gem-garden', EventCode: 'level_completed', P1: 'garden' }, true],
    ];
    for (const [payload, accepted] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      expect(response.json().Accepted, JSON.stringify(payload)).toBe(accepted);
    }
    expect((await quest('runner-for-gems')).Progress).toBe(1);
  });

  it('keeps progress per account, capped at the target, completed once', async () => {
    const first = await send({ EventCode: 'level_completed', P1: 'sky-1', Value: 40 });
    expect(first.json().Quests).toEqual([expect.objectContaining({ Id: 'runner-for-gems', Progress: 2 })]);
    const { clock } = testApp();
    const completedAt = clock.now;
    const done = await send({ EventCode: 'level_completed', P1: 'sky-2' });
    expect(done.json().Quests[0]).toMatchObject({ Progress: 3, Completed: true, CompletedAt: completedAt });
    clock.now += 1000;
    const after = await send({ EventCode: 'level_completed', P1: 'sky-3' });
    expect(after.json()).toEqual({ Success: true, Accepted: true, Quests: [] });
    expect(await quest('runner-for-gems')).toMatchObject({ Progress: 3, CompletedAt: completedAt });

    // Another player starts from nothing.
    const { app, database } = testApp();
    const other = await signIn(app, database.handle.db, 'cross-play-2@example.com');
    expect((await quest('runner-for-gems', other)).Progress).toBe(0);
  });

  it('adds up values for Value quests, also when events arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => send({ EventCode: 'stars_collected', Value: 30 })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect((await quest('star-collector')).Progress).toBe(300);
    await send({ EventCode: 'stars_collected', Value: 1000 });
    expect(await quest('star-collector')).toMatchObject({ Progress: 500, Completed: true });
  });

  it('leaves quests out of their window unless completed', async () => {
    const { app, database, clock } = testApp();
    const saved = clock.now;
    clock.now = Date.UTC(2027, 0, 2);
    const late = await signIn(app, database.handle.db, 'cross-play-late@example.com');
    const ids = (await get('/api/v1/cross-play/quests/my', late)).json().Quests.map((q: { Id: string }) => q.Id);
    expect(ids).toEqual(['runner-for-gems']);
    const event = await send({ EventCode: 'stars_collected', Value: 5 }, late);
    expect(event.json()).toEqual({ Success: true, Accepted: true, Quests: [] });
    clock.now = saved;
  });

  it('validates events and needs a bearer token', async () => {
    const cases: [object, string][] = [
      [{ EventCode: '' }, 'body.EventCode'],
      [{ EventCode: 'a b' }, 'body.EventCode'],
      [{ EventCode: 'stars_collected', Value: -1 }, 'body.Value'],
      [{ EventCode: 'stars_collected', Value: 1.5 }, 'body.Value'],
      [{ EventCode: 'level_completed', P1: 'a'.repeat(257) }, 'body.P1'],
      [{ GameSystemName: 'Bad Name!', EventCode: 'x' }, 'body.GameSystemName'],
    ];
    for (const [payload, field] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().Errors.map((issue: { Field: string }) => issue.Field)).toContain(field);
    }
    expect((await send({ GameSystemName: 'no-such-game', EventCode: 'x' })).json().ErrorCode).toBe('game_not_found');
    const anonymous = await testApp().app.inject({ method: 'GET', url: '/api/v1/cross-play/quests/my' });
    expect(anonymous.json()).toMatchObject({ status: 401, ErrorCode: 'unauthorized' });
  });
});
