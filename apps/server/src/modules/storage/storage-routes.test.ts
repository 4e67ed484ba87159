import { STORAGE_LIMITS } from '@fxid/contract';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('cloud saves', (engine) => {
  const testApp = useTestApp(engine);
  const tokens: Record<string, string> = {};
  const post = (url: string, payload: object, who = 'ann') =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1/storage/${url}`,
      payload,
      headers: bearer(tokens[who] ?? ''),
    });
  const player = async (who: string) => {
    const { app, database } = testApp();
    tokens[who] = await signIn(app, database.handle.db, `${who}@example.com`);
  };
  const Game = 'sky-runner';

  it('saves JSON values per key, versioned from 1, and reads them back', async () => {
    await player('ann');
    await player('bob');
    const set = await post('set', {
      Game,
      Items: [
        { Key: 'progress', Value: { level: 3, stars: [1, 2] } },
        { Key: 'name', Value: 'Ann' },
        { Key: 'nothing', Value: null },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().Items.map((item: { Key: string; Version: number }) => [item.Key, item.Version])).toEqual([
      ['name', 1],
      ['nothing', 1],
      ['progress', 1],
    ]);
    const got = (await post('get', { Game, Keys: ['progress', 'missing', 'nothing'] })).json();
    expect(got.Items).toEqual([
      { Key: 'nothing', Value: null, Version: 1, UpdatedAt: testApp().clock.now },
      { Key: 'progress', Value: { level: 3, stars: [1, 2] }, Version: 1, UpdatedAt: testApp().clock.now },
    ]);
    expect(got.UsedBytes).toBe(
      'progress'.length + JSON.stringify({ level: 3, stars: [1, 2] }).length + 'name'.length + 5 + 'nothing'.length + 4,
    );
    expect((await post('get', { Game })).json().Items).toHaveLength(3);
    // Another player and another game see nothing of it.
    expect((await post('get', { Game }, 'bob')).json()).toEqual({ Items: [], UsedBytes: 0 });
    expect((await post('get', { Game: 'gem-garden' })).json().Items).toEqual([]);
    // An unconditional write moves the version on.
    const again = await post('set', { Game, Items: [{ Key: 'name', Value: 'Annie' }] });
    expect(again.json().Items).toEqual([{ Key: 'name', Version: 2, UpdatedAt: testApp().clock.now }]);
  });

  it('writes with a stale version get 409 storage_version_conflict with the current value, and change nothing', async () => {
    const ok = await post('set', {
      Game,
      Items: [
        { Key: 'name', Value: 'Ann B.', ExpectedVersion: 2 },
        { Key: 'fresh', Value: 1, ExpectedVersion: 0 },
      ],
    });
    expect(ok.json().Items).toEqual([
      expect.objectContaining({ Key: 'fresh', Version: 1 }),
      expect.objectContaining({ Key: 'name', Version: 3 }),
    ]);
    const stale = await post('set', {
      Game,
      Items: [
        { Key: 'progress', Value: { level: 9 } },
        { Key: 'name', Value: 'lost', ExpectedVersion: 2 },
        { Key: 'fresh', Value: 2, ExpectedVersion: 0 },
        { Key: 'gone', Value: 2, ExpectedVersion: 4 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      ErrorCode: 'storage_version_conflict',
      L10NParam: { Keys: 'name,fresh,gone' },
      Current: [
        { Key: 'name', Value: 'Ann B.', Version: 3 },
        { Key: 'fresh', Value: 1, Version: 1 },
        { Key: 'gone', Value: null, Version: 0, UpdatedAt: 0 },
      ],
    });
    // All or nothing: the unconditional item in the same call was not written either.
    const progress = (await post('get', { Game, Keys: ['progress'] })).json().Items[0];
    expect(progress).toMatchObject({ Value: { level: 3, stars: [1, 2] }, Version: 1 });
  });

  it('lets exactly one of two concurrent writes at the same version win', async () => {
    const current = (await post('get', { Game, Keys: ['progress'] })).json().Items[0].Version;
    const write = (level: number) =>
      post('set', { Game, Items: [{ Key: 'progress', Value: { level }, ExpectedVersion: current }] });
    const answers = await Promise.all([write(10), write(20), write(30), write(40)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    const stored = (await post('get', { Game, Keys: ['progress'] })).json().Items[0];
    expect(stored.Version).toBe(current + 1);
    expect(winner.Items[0].Version).toBe(current + 1);
    for (const loser of answers.filter((answer) => answer.statusCode === 409)) {
      expect(loser.json().Current[0]).toEqual(stored);
    }
    // Two first writes of a new key with ExpectedVersion 0: one creates it.
    const create = (value: number) => post('set', { Game, Items: [{ Key: 'race', Value: value, ExpectedVersion: 0 }] });
    const created = await Promise.all([create(1), create(2)]);
    expect(created.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a value over 16 KiB and a game total over 256 KiB with stable codes', async () => {
    const big = 'x'.repeat(STORAGE_LIMITS.valueBytes - 2);
    expect((await post('set', { Game, Items: [{ Key: 'big', Value: big }] }, 'bob')).statusCode).toBe(200);
    const tooBig = await post('set', { Game, Items: [{ Key: 'big2', Value: `${big}é` }] }, 'bob');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      ErrorCode: 'storage_value_too_large',
      L10NParam: { Key: 'big2', Bytes: String(STORAGE_LIMITS.valueBytes + 2), MaxBytes: '16384' },
    });
    // Fill the game up to its limit, three keys per call (the request body limit is 64 KiB).
    const chunk = 'y'.repeat(STORAGE_LIMITS.valueBytes - 20);
    let stored = 1;
    for (let call = 0; call < 5; call++) {
      const Items = [0, 1, 2].map((i) => ({ Key: `fill-${call}-${i}`, Value: chunk }));
      const answer = await post('set', { Game, Items }, 'bob');
      expect(answer.statusCode).toBe(200);
      stored += 3;
    }
    expect(stored).toBe(16);
    const over = await post('set', { Game, Items: [{ Key: 'one-more', Value: chunk }] }, 'bob');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ ErrorCode: 'storage_quota_exceeded', L10NParam: { MaxBytes: '262144' } });
    expect((await post('get', { Game, Keys: ['one-more'] }, 'bob')).json().Items).toEqual([]);
    // Overwriting a key with a smaller value, and deleting, always fit.
    const smaller = await post('set', { Game, Items: [{ Key: 'big', Value: 'small' }] }, 'bob');
    expect(smaller.statusCode).toBe(200);
    const deleted = await post('delete', { Game, Keys: ['fill-0-0', 'fill-0-1', 'never'] }, 'bob');
    expect(deleted.json().Deleted).toEqual(['fill-0-0', 'fill-0-1']);
    expect((await post('set', { Game, Items: [{ Key: 'one-more', Value: chunk }] }, 'bob')).statusCode).toBe(200);
    const { UsedBytes } = (await post('get', { Game }, 'bob')).json();
    expect(UsedBytes).toBeLessThanOrEqual(STORAGE_LIMITS.totalBytes);
  });

  it('deletes keys; a deleted key starts again at version 1', async () => {
    const answer = await post('delete', { Game, Keys: ['fresh'] });
    expect(answer.json().Deleted).toEqual(['fresh']);
    expect((await post('get', { Game, Keys: ['fresh'] })).json().Items).toEqual([]);
    const again = await post('set', { Game, Items: [{ Key: 'fresh', Value: true, ExpectedVersion: 0 }] });
    expect(again.json().Items[0].Version).toBe(1);
  });

  it('validates keys and requests, and needs a known game and a bearer token', async () => {
    const cases: [string, object, string][] = [
      ['get', { Game, Keys: [] }, 'body.Keys'],
      ['get', { Game, Keys: ['bad key'] }, 'body.Keys.0'],
      ['set', { Game, Items: [] }, 'body.Items'],
      ['set', { Game, Items: [{ Key: 'k'.repeat(65), Value: 1 }] }, 'body.Items.0.Key'],
      ['set', { Game, Items: [{ Key: 'k' }] }, 'body.Items.0.Value'],
      ['set', { Game, Items: [{ Key: 'k', Value: 1, ExpectedVersion: -1 }] }, 'body.Items.0.ExpectedVersion'],
      [
        'set',
        {
          Game,
          Items: [
            { Key: 'k', Value: 1 },
            { Key: 'k', Value: 2 },
          ],
        },
        'body.Items',
      ],
      ['delete', { Game, Keys: Array.from({ length: 51 }, (_, i) => `k${i}`) }, 'body.Keys'],
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
      expect(response.json().Errors.map((issue: { Field: string }) => issue.Field)).toContain(field);
    }
    const unknown = await post('get', { Game: 'no-such-game' });
    expect(unknown.json().ErrorCode).toBe('game_not_found');
    const anonymous = await testApp().app.inject({ method: 'POST', url: '/api/v1/storage/get', payload: { Game } });
    expect(anonymous.json()).toMatchObject({ status: 401, ErrorCode: 'unauthorized' });
  });
});
