import type { OrderDetailedStatusName } from '@fxid/contract';
import { describe, expect, it } from 'vitest';
import { OrderStatusConflictError } from '../../errors.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import { createPayment, orderOf } from '../../test/store.js';
import {
  assertTransition,
  canTransition,
  checkoutStatus,
  generalStatus,
  moveOrder,
  ORDER_STATUSES,
  statusCode,
  transitionOrder,
} from './order-state-machine.js';
import { currentStatus, listTransitions } from './orders-repository.js';

/** The legal moves, restated independently of the module under test. */
const LEGAL = new Set([
  'Created→WaitingForPayment',
  'Created→Cancelled',
  'WaitingForPayment→PayedWaitingForSending',
  'WaitingForPayment→Cancelled',
  'PayedWaitingForSending→Completed',
  'PayedWaitingForSending→CancelledPaid',
  'Completed→CancelledPaid',
  'Cancelled→CancelledPaid',
]);
const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('order state machine', () => {
  it('knows the six detailed statuses with their codes and views', () => {
    expect(
      ORDER_STATUSES.map((status) => [status, statusCode(status), generalStatus(status), checkoutStatus(status)]),
    ).toEqual([
      ['Created', 0, 'Created', 'Created'],
      ['WaitingForPayment', 1, 'Created', 'Created'],
      ['PayedWaitingForSending', 2, 'Created', 'Payed'],
      ['Completed', 999, 'Completed', 'Payed'],
      ['Cancelled', 899, 'Cancelled', 'Cancelled'],
      ['CancelledPaid', 898, 'Cancelled', 'Cancelled'],
    ]);
  });

  it.each(PAIRS)('%s → %s', (from, to) => {
    const legal = LEGAL.has(`${from}→${to}`);
    expect(canTransition(from, to)).toBe(legal);
    if (legal) expect(() => assertTransition(from, to)).not.toThrow();
    else {
      const error = (() => {
        try {
          assertTransition(from, to);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(OrderStatusConflictError);
      expect(error).toMatchObject({ status: 409, code: 'conflict', params: { From: from, To: to } });
    }
  });
});

describeEachEngine('order transitions in the database', (engine) => {
  const testApp = useTestApp(engine);

  it('applies and records every legal transition and refuses every illegal one (row 28)', async () => {
    const { app, database, clock } = testApp();
    const db = database.handle.db;
    const token = await signIn(app, db, 'machine@example.com');
    const created = await createPayment(app, token, 'sky-runner', 'stars_100');
    const order = await orderOf(db, created.TransactionId);
    const setStatus = (status: OrderDetailedStatusName) =>
      db.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
    const current = () => currentStatus(db, order.id);

    for (const [from, to] of PAIRS) {
      await setStatus(from);
      const before = (await listTransitions(db, order.id)).length;
      const attempt = db
        .transaction()
        .execute((trx) => transitionOrder(trx, order.id, from, to, `test ${from}→${to}`, clock.now));
      if (LEGAL.has(`${from}→${to}`)) {
        await attempt;
        expect(await current()).toBe(to);
        const last = (await listTransitions(db, order.id)).at(-1);
        expect(last).toMatchObject({
          from_status: from,
          to_status: to,
          cause: `test ${from}→${to}`,
          created_at: clock.now,
        });
      } else {
        await expect(attempt).rejects.toBeInstanceOf(OrderStatusConflictError);
        expect(await current()).toBe(from);
        expect(await listTransitions(db, order.id)).toHaveLength(before);
      }
    }
  });

  it('moves along several steps in one go, each one checked and recorded, or not at all', async () => {
    const { app, database, clock } = testApp();
    const db = database.handle.db;
    const token = await signIn(app, db, 'stepper@example.com');
    const created = await createPayment(app, token, 'sky-runner', 'stars_100');
    const order = await orderOf(db, created.TransactionId);
    const before = (await listTransitions(db, order.id)).length;
    // The second step is not a legal move from the first: nothing changes.
    const illegal = db.transaction().execute((trx) =>
      moveOrder(
        trx,
        order.id,
        'WaitingForPayment',
        [
          { to: 'Cancelled', cause: 'closed' },
          { to: 'Completed', cause: 'never' },
        ],
        clock.now,
      ),
    );
    await expect(illegal).rejects.toBeInstanceOf(OrderStatusConflictError);
    expect(await currentStatus(db, order.id)).toBe('WaitingForPayment');
    expect(await listTransitions(db, order.id)).toHaveLength(before);

    await db.transaction().execute((trx) =>
      moveOrder(
        trx,
        order.id,
        'WaitingForPayment',
        [
          { to: 'PayedWaitingForSending', cause: 'paid' },
          { to: 'Completed', cause: 'delivered' },
        ],
        clock.now,
      ),
    );
    expect(await currentStatus(db, order.id)).toBe('Completed');
    const steps = (await listTransitions(db, order.id)).slice(before);
    expect(steps.map((step) => [step.from_status, step.to_status, step.cause])).toEqual([
      ['WaitingForPayment', 'PayedWaitingForSending', 'paid'],
      ['PayedWaitingForSending', 'Completed', 'delivered'],
    ]);
  });

  it('refuses a legal move from a status the order has already left', async () => {
    const { app, database, clock } = testApp();
    const db = database.handle.db;
    const token = await signIn(app, db, 'racer@example.com');
    const created = await createPayment(app, token, 'sky-runner', 'stars_100');
    const order = await orderOf(db, created.TransactionId);
    const stale = db
      .transaction()
      .execute((trx) => transitionOrder(trx, order.id, 'Created', 'Cancelled', 'late', clock.now));
    await expect(stale).rejects.toMatchObject({
      code: 'conflict',
      params: { From: 'WaitingForPayment', To: 'Cancelled' },
    });
  });
});
