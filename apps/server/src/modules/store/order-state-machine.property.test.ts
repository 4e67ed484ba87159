import type { OrderDetailedStatusName } from '@fxid/contract';
import fc from 'fast-check';
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
  ORDER_STATUSES,
  transitionOrder,
} from './order-state-machine.js';
import { currentStatus, listTransitions } from './orders-repository.js';

const status = fc.constantFrom(...ORDER_STATUSES);
/** Any sequence of attempted moves, legal or not. */
const attempts = fc.array(status, { maxLength: 12 });
const PAID: ReadonlySet<OrderDetailedStatusName> = new Set(['PayedWaitingForSending', 'Completed', 'CancelledPaid']);

/** The walk an order takes when every attempt is tried and only legal ones happen. */
function walk(targets: readonly OrderDetailedStatusName[]): OrderDetailedStatusName[] {
  const path: OrderDetailedStatusName[] = ['Created'];
  for (const to of targets) {
    const from = path.at(-1) as OrderDetailedStatusName;
    if (canTransition(from, to)) path.push(to);
  }
  return path;
}

describe('order state machine, for any sequence of attempted moves', () => {
  it('never revisits a status (no cycles), so every order ends within five moves', () => {
    fc.assert(
      fc.property(attempts, (targets) => {
        const path = walk(targets);
        expect(new Set(path).size).toBe(path.length);
        expect(path.length).toBeLessThanOrEqual(ORDER_STATUSES.length);
      }),
    );
  });

  it('never turns a paid order back into an unpaid one, and only CancelledPaid follows a payment when it is undone', () => {
    fc.assert(
      fc.property(attempts, (targets) => {
        const path = walk(targets);
        const firstPaid = path.findIndex((step) => PAID.has(step));
        if (firstPaid >= 0) expect(path.slice(firstPaid).every((step) => PAID.has(step))).toBe(true);
        // Payment is reached only from WaitingForPayment: a checkout must have existed.
        if (path.includes('PayedWaitingForSending')) {
          expect(path[path.indexOf('PayedWaitingForSending') - 1]).toBe('WaitingForPayment');
        }
      }),
    );
  });

  it('keeps the three status views consistent with the detailed status', () => {
    fc.assert(
      fc.property(status, (current) => {
        expect(checkoutStatus(current) === 'Payed').toBe(
          current === 'PayedWaitingForSending' || current === 'Completed',
        );
        expect(generalStatus(current) === 'Cancelled').toBe(checkoutStatus(current) === 'Cancelled');
        expect(generalStatus(current) === 'Completed').toBe(current === 'Completed');
      }),
    );
  });

  it('throws the 409 conflict exactly for the moves canTransition refuses', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        let thrown: unknown;
        try {
          assertTransition(from, to);
        } catch (error) {
          thrown = error;
        }
        if (canTransition(from, to)) expect(thrown).toBeUndefined();
        else expect(thrown).toBeInstanceOf(OrderStatusConflictError);
      }),
    );
  });
});

describeEachEngine('order transitions in the database, for any sequence of attempted moves', (engine) => {
  const testApp = useTestApp(engine);

  it('end where the model ends, with one history line per move that happened', async () => {
    const { app, database, clock } = testApp();
    const db = database.handle.db;
    const token = await signIn(app, db, 'property@example.com');
    const created = await createPayment(app, token, 'sky-runner', 'stars_100');
    const order = await orderOf(db, created.TransactionId);
    const start = (await currentStatus(db, order.id)) as OrderDetailedStatusName;
    await fc.assert(
      fc.asyncProperty(attempts, async (targets) => {
        // Each run starts the same order over from where creating it left it.
        await db.updateTable('orders').set({ status: start }).where('id', '=', order.id).execute();
        const before = (await listTransitions(db, order.id)).length;
        let model: OrderDetailedStatusName = start;
        let moved = 0;
        for (const to of targets) {
          const attempt = db
            .transaction()
            .execute((trx) => transitionOrder(trx, order.id, model, to, 'property', clock.now));
          if (canTransition(model, to)) {
            await attempt;
            model = to;
            moved += 1;
          } else {
            await expect(attempt).rejects.toBeInstanceOf(OrderStatusConflictError);
          }
        }
        expect(await currentStatus(db, order.id)).toBe(model);
        const history = (await listTransitions(db, order.id)).slice(before);
        expect(history).toHaveLength(moved);
        for (const line of history) {
          expect(
            canTransition(line.from_status as OrderDetailedStatusName, line.to_status as OrderDetailedStatusName),
          ).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });
});
