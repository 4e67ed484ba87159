import { expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, optimisticStatus, storePost, useGameServer } from '../../test/store.js';
import { findSandboxPayment } from './providers/sandbox/sandbox-repository.js';

describeEachEngine('get_payment_status', (engine) => {
  const game = useGameServer('sky-runner');
  // Hash routing: the addresses handed to the provider must land in the hash.
  const testApp = useTestApp(engine, { store: game.store, portal: { ...testConfig().portal, routerType: 'hash' } });
  const sessions = new Map<string, string>();
  const player = async (email = 'owner@example.com') => {
    const known = sessions.get(email);
    if (known) return known;
    const token = await signIn(testApp().app, testApp().database.handle.db, email);
    sessions.set(email, token);
    return token;
  };
  const status = async (body: object, token?: string) =>
    storePost(testApp().app, '/get_payment_status', body, token ?? (await player()));

  it('finds the order by its id alone, for its owner only', async () => {
    const created = await createPayment(testApp().app, await player(), 'sky-runner', 'stars_100');
    const own = await status({ TransactionId: created.TransactionId });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ TransactionId: created.TransactionId, Status: 'Created', CancelReason: null });
    expect(own.json().Order.Game).toBe('sky-runner');

    const unknown = await status({ TransactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA' });
    const foreign = await status({ TransactionId: created.TransactionId }, await player('other@example.com'));
    const wrongGame = await status({ Game: 'gem-garden', TransactionId: created.TransactionId });
    // Someone else's order looks exactly like one that does not exist: nothing about it leaks.
    for (const refused of [unknown, foreign, wrongGame]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ ErrorCode: 'not_found', L10NParam: { What: 'Order' } });
      expect(refused.body).not.toContain('stars');
    }
    expect(foreign.json().detail).toBe(unknown.json().detail);
    expect((await status({ TransactionId: created.TransactionId }, '')).statusCode).toBe(401);
  });

  it.each([
    ['Decline', 'Declined'],
    ['Abandon', 'UserCancelled'],
  ] as const)('tells a checkout ended by %s as %s', async (choice, reason) => {
    const created = await createPayment(testApp().app, await player(), 'sky-runner', 'stars_100');
    await choose(testApp().app, checkoutIdOf(created), choice);
    await testApp().app.runOutbox();
    expect((await status({ Game: 'sky-runner', TransactionId: created.TransactionId })).json()).toMatchObject({
      Status: 'Cancelled',
      Order: { DetailedStatus: 'Cancelled' },
      CancelReason: reason,
    });
  });

  it('counts a checkout the player closed as UserCancelled and a paid one as no reason', async () => {
    const { app } = testApp();
    const closed = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    const cancel = await optimisticStatus(app, closed.TransactionId, 'Cancelled', await player());
    expect(cancel.statusCode).toBe(200);
    expect((await status({ TransactionId: closed.TransactionId })).json()).toMatchObject({
      Status: 'Cancelled',
      CancelReason: 'UserCancelled',
    });

    const paid = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    await choose(app, checkoutIdOf(paid), 'Pay');
    await app.runOutbox();
    expect((await status({ TransactionId: paid.TransactionId })).json()).toMatchObject({
      Status: 'Payed',
      CancelReason: null,
    });
  });

  it('hands the provider a return address inside the hash', async () => {
    const { app, database } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    const checkout = await findSandboxPayment(database.handle.db, checkoutIdOf(created));
    expect(checkout?.return_url).toBe(`http://localhost:8080/#/Store/Return/${created.TransactionId}`);
  });
});
