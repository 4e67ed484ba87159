import { expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

const event = (extra: object = {}) => ({ EventId: 781965163, CreatedAt: TEST_START - 5000, ...extra });
const batch = (Events: object[], extra: object = {}) => ({
  SessionId: 'sess-1',
  Platform: 24,
  BuildId: '2026.11.1',
  Events,
  ...extra,
});

describeEachEngine('analytics', (engine) => {
  const testApp = useTestApp(engine);
  const track = (payload: object, headers: Record<string, string> = {}) =>
    testApp().app.inject({ method: 'POST', url: '/api/v1/analytics/track', payload, headers });
  const rows = () => testApp().database.handle.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

  it('stores every slot of a batch with the server time, anonymously', async () => {
    const full = event({
      EventId: 781965214,
      I1: 7,
      I10: -9007199254740991,
      F1: 1.5,
      F10: -0.25,
      S1: 'level_1',
      S15: '<b>kept as text</b>',
      J1: 9007199254740991,
      J4: '{"a":[1,2]}',
    });
    const response = await track(batch([event(), full]));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      session_id: 'sess-1',
      account_id: null,
      platform: 24,
      build_id: '2026.11.1',
      event_id: 781965163,
      created_at: TEST_START - 5000,
      server_created_at: TEST_START,
      i1: null,
      s1: null,
      j1: null,
    });
    expect(stored[1]).toMatchObject({
      event_id: 781965214,
      i1: 7,
      i10: -9007199254740991,
      f1: 1.5,
      f10: -0.25,
      s1: 'level_1',
      s15: '<b>kept as text</b>',
      j1: '9007199254740991',
      j4: '{"a":[1,2]}',
    });
  });

  it('attributes events to the signed-in account, and keeps them when the token is stale', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'analytics@example.com');
    expect((await track(batch([event()], { SessionId: 'sess-2' }), bearer(token))).statusCode).toBe(204);
    expect((await track(batch([event()], { SessionId: 'sess-3' }), bearer('x'.repeat(43)))).statusCode).toBe(204);
    const stored = await rows();
    const account = await database.handle.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'analytics@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.find((row) => row.session_id === 'sess-2')?.account_id).toBe(account.id);
    expect(stored.find((row) => row.session_id === 'sess-3')?.account_id).toBeNull();
  });

  it('refuses bad batches as a whole, naming the field', async () => {
    const before = (await rows()).length;
    const cases: [object, string][] = [
      [batch([event({ EventId: 781965162 })]), 'body.Events.0.EventId'],
      [batch([event(), event({ EventId: 781965215 })]), 'body.Events.1.EventId'],
      [batch([event()], { Platform: 25 }), 'body.Platform'],
      [batch([]), 'body.Events'],
      [batch(Array.from({ length: 101 }, () => event())), 'body.Events'],
      [batch([event({ I1: 1.5 })]), 'body.Events.0.I1'],
      [batch([event({ F1: 'x' })]), 'body.Events.0.F1'],
      [batch([event({ S16: 'x' })]), 'body.Events.0'],
      [batch([event({ S1: 'x'.repeat(1025) })]), 'body.Events.0.S1'],
      [batch([event({ J1: { a: 1 } })]), 'body.Events.0.J1'],
      [batch([event({ CreatedAt: undefined })]), 'body.Events.0.CreatedAt'],
      [batch([event()], { SessionId: 'has spaces' }), 'body.SessionId'],
      [batch([event()], { BuildId: '' }), 'body.BuildId'],
    ];
    for (const [payload, field] of cases) {
      const response = await track(payload);
      expect(response.statusCode, field).toBe(400);
      const problem = response.json();
      expect(problem.ErrorCode).toBe('validation_failed');
      expect(problem.Errors.map((issue: { Field: string }) => issue.Field)).toContain(field);
    }
    expect((await rows()).length).toBe(before);
  });
});
