import type { OrderPersonalInfo } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { OrderNotAwaitingPaymentError, ValidationError } from '../../errors.js';
import { findAccount } from '../accounts/accounts-service.js';
import { orderStatusOf } from './orders-presenter.js';
import * as repo from './orders-repository.js';
import { requireOwnOrder } from './orders-service.js';

/** An order's personal info as the API shows it. */
export function storedPersonalInfo(order: repo.OrderRow) {
  return { Email: order.pi_email, PhoneNumber: order.pi_phone, IsAutoConfirm: order.pi_auto_confirm === 1 };
}

/**
 * Saves personal info on an order that still awaits payment (spec store §4, §5), in the
 * caller's transaction. The values arrive trimmed and checked by the contract's schema;
 * an empty email means the account's address, and is refused when the account has none.
 * `field` names the request field in the 400.
 */
export async function savePersonalInfo(
  ctx: AppContext,
  trx: repo.Db,
  order: repo.OrderRow,
  info: OrderPersonalInfo,
  field: string,
): Promise<repo.OrderRow> {
  const status = orderStatusOf(order);
  if (status !== 'Created' && status !== 'WaitingForPayment') throw new OrderNotAwaitingPaymentError(status);
  const account = await findAccount(trx, order.account_id);
  const email = info.Email ?? account?.email ?? null;
  if (!email) throw new ValidationError([{ Field: `${field}.Email`, Message: 'Email is required for this order' }]);
  const saved = { email, phone: info.PhoneNumber ?? null, autoConfirm: info.IsAutoConfirm };
  // Conditional on the status read above: a payment that lands meanwhile wins, and this gets a 409.
  if (!(await repo.setPersonalInfoIf(trx, order.id, status, saved, ctx.now()))) {
    throw new OrderNotAwaitingPaymentError((await repo.currentStatus(trx, order.id)) ?? 'missing');
  }
  return { ...order, pi_email: saved.email, pi_phone: saved.phone, pi_auto_confirm: saved.autoConfirm ? 1 : 0 };
}

/** POST /store/update-order-pi: the player's own order, while it awaits payment. */
export async function updateOrderPi(ctx: AppContext, accountId: string, publicId: string, info: OrderPersonalInfo) {
  const { order } = await requireOwnOrder(ctx, accountId, undefined, publicId);
  const saved = await ctx.db
    .transaction()
    .execute((trx) => savePersonalInfo(ctx, trx, order, info, 'body.OrderPersonalInfo'));
  return {
    Order: (await requireOwnOrder(ctx, accountId, undefined, publicId)).presented,
    OrderPersonalInfo: storedPersonalInfo(saved),
  };
}
