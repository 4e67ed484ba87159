import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('leaderboards', (engine) => {
  const testApp = useTestApp(engine);
  const tokens: Record<string, string> = {};
  const post = (url: string, payload: object, who?: string) =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1/leaderboards/${url}`,
      payload,
      headers: who ? bearer(tokens[who] ?? '') : {},
    });
  const player = async (who: string, name?: string) => {
    const { app, database } = testApp();
    tokens[who] = await signIn(app, database.handle.db, `${who}@example.com`);
    if (name)
      await database.handle.db
        .updateTable('accounts')
        .set({ name })
        .where('email', '=', `${who}@example.com`)
        .execute();
  };
  const board = { Game: 'sky-runner', Leaderboard: 'best-score' };
  const submit = (who: string, Score: number, Extra?: string) =>
    post('submit', { ...board, Score, ...(Extra ? { Extra } : {}) }, who);

  it('keeps each player’s best score and ranks players best first, ties by who got there first', async () => {
    for (const [who, name] of [
      ['ann', 'Ann'],
      ['bob', 'Bob'],
      ['cyd', undefined],
      ['dee', 'Dee'],
      ['eve', 'Eve'],
    ] as const) {
      await player(who, name);
    }
    const first = await submit('ann', 500, 'level 3');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      Improved: true,
      Player: { Rank: 1, Score: 500, FormattedScore: '500', Name: 'Ann', Extra: 'level 3', IsPlayer: true },
      Leaderboard: { Name: 'best-score', Title: 'Best score', SortOrder: 'Desc', ResetPeriod: 'None', PeriodStart: 0 },
    });
    // A worse score changes nothing; a better one replaces it.
    expect((await submit('ann', 300)).json()).toMatchObject({ Improved: false, Player: { Score: 500 } });
    testApp().clock.now += 1000;
    await submit('bob', 700);
    testApp().clock.now += 1000;
    await submit('cyd', 500);
    await submit('dee', 100);
    await submit('eve', 900);
    const top = (await post('top', { ...board, Limit: 10 }, 'cyd')).json();
    expect(
      top.Entries.map((entry: { Rank: number; Score: number; Name: string | null }) => [
        entry.Rank,
        entry.Score,
        entry.Name,
      ]),
    ).toEqual([
      [1, 900, 'Eve'],
      [2, 700, 'Bob'],
      [3, 500, 'Ann'],
      [4, 500, 'cyd'],
      [5, 100, 'Dee'],
    ]);
    expect(top.Player).toMatchObject({ Rank: 4, IsPlayer: true });
    expect(top.Entries[3].IsPlayer).toBe(true);
    // Anyone may read the top; a guest has no row of their own.
    const anonymous = (await post('top', { ...board, Limit: 2, Locale: 'ru' })).json();
    expect(anonymous.Entries).toHaveLength(2);
    expect(anonymous.Player).toBeNull();
    expect(anonymous.Leaderboard.Title).toBe('Лучший счёт');
    expect((await post('player', board, 'bob')).json().Player).toMatchObject({ Rank: 2, Score: 700 });
  });

  it('shows the rows around the player, fewer above near the top and fewer below near the bottom', async () => {
    const around = async (who: string, Limit: number) =>
      (await post('around', { ...board, Limit }, who)).json().Entries.map((entry: { Rank: number }) => entry.Rank);
    expect(await around('ann', 3)).toEqual([2, 3, 4]);
    expect(await around('eve', 3)).toEqual([1, 2, 3]);
    expect(await around('dee', 3)).toEqual([3, 4, 5]);
    expect(await around('cyd', 4)).toEqual([2, 3, 4, 5]);
    expect(await around('bob', 1)).toEqual([2]);
    const page = (await post('around', { ...board, Limit: 3 }, 'ann')).json();
    expect(page.Player).toMatchObject({ Rank: 3, Name: 'Ann' });
    await player('fay');
    // Without a score: the top, and no row of their own.
    const none = (await post('around', { ...board, Limit: 2 }, 'fay')).json();
    expect(none.Entries.map((entry: { Rank: number }) => entry.Rank)).toEqual([1, 2]);
    expect(none.Player).toBeNull();
    expect((await post('player', board, 'fay')).json().Player).toBeNull();
  });

  it('starts a new board each UTC day on a daily board and keeps the previous day', async () => {
    const daily = { Game: 'gem-garden', Leaderboard: 'daily-score' };
    const { clock } = testApp();
    const before = clock.now;
    const today = await post('submit', { ...daily, Score: 40 }, 'ann');
    expect(today.json().Leaderboard).toMatchObject({
      ResetPeriod: 'Daily',
      PeriodStart: Date.UTC(2026, 10, 23),
      PeriodEnd: Date.UTC(2026, 10, 24),
    });
    clock.now = Date.UTC(2026, 10, 24, 0, 0, 1);
    const tomorrow = await post('submit', { ...daily, Score: 10 }, 'ann');
    expect(tomorrow.json()).toMatchObject({ Improved: true, Player: { Rank: 1, Score: 10 } });
    expect((await post('top', daily)).json().Entries.map((e: { Score: number }) => e.Score)).toEqual([10]);
    const previous = (await post('top', { ...daily, Period: 'Previous' })).json();
    expect(previous.Leaderboard.PeriodStart).toBe(Date.UTC(2026, 10, 23));
    expect(previous.Entries.map((e: { Score: number }) => e.Score)).toEqual([40]);
    clock.now = before;
  });

  it('refuses scores outside the board range, unknown boards and bad requests with stable codes', async () => {
    const high = await submit('ann', 100_001);
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({
      ErrorCode: 'leaderboard_score_out_of_range',
      L10NParam: { Leaderboard: 'best-score', Min: '0', Max: '100000' },
    });
    expect((await submit('ann', -1)).json().ErrorCode).toBe('leaderboard_score_out_of_range');
    const unknown = await post('top', { Game: 'sky-runner', Leaderboard: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorCode).toBe('leaderboard_not_found');
    expect((await post('top', { Game: 'nope', Leaderboard: 'best-score' })).json().ErrorCode).toBe('game_not_found');
    const cases: [string, object, string][] = [
      ['submit', { ...board, Score: 1.5 }, 'body.Score'],
      ['submit', { ...board, Score: 1, Extra: 'x'.repeat(257) }, 'body.Extra'],
      ['top', { ...board, Limit: 101 }, 'body.Limit'],
      ['top', { ...board, Limit: 0 }, 'body.Limit'],
      ['top', { Game: 'sky-runner', Leaderboard: 'Best Score' }, 'body.Leaderboard'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload, 'ann');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().Errors.map((issue: { Field: string }) => issue.Field)).toContain(field);
    }
    expect((await post('submit', { ...board, Score: 1 })).json().ErrorCode).toBe('unauthorized');
    expect((await post('around', board)).json().ErrorCode).toBe('unauthorized');
  });

  it('limits each player to 20 submissions a minute', async () => {
    await player('gus');
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await submit('gus', i)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    const limited = await submit('gus', 99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().ErrorCode).toBe('rate_limited');
    // Another player is not held back.
    expect((await submit('bob', 1)).statusCode).toBe(200);
  });
});
