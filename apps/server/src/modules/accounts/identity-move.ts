import type { SocialIdentifierType } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import { LastSignInMethodError, NotFoundError } from '../../errors.js';
import * as repo from './accounts-repository.js';
import { evictAccount } from './accounts-service.js';

/**
 * Moves a sign-in from one account to another inside the caller's transaction: from then on it
 * signs in to `to`. The sign-in must still be on `from`, and must not be `from`'s last way in
 * (the account could never be reached again) unless `leavesNoWayIn` says the holder agreed to
 * exactly that (a link code made on a platform account that has no other sign-in). Both
 * accounts are locked, in a fixed order, so a move and a removal at once cannot both pass.
 */
export async function moveIdentity(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  move: { from: string; to: string; type: SocialIdentifierType; id: string; leavesNoWayIn?: boolean },
  now: number,
): Promise<void> {
  for (const accountId of [move.from, move.to].sort()) {
    await lockForTransaction(trx, `account-identities:${accountId}`);
  }
  const held = await repo.listSocialIdentifiers(trx, move.from);
  if (!held.some((row) => row.type === move.type && row.identifier === move.id)) {
    throw new NotFoundError('This sign-in on the account it was to move from');
  }
  if (held.length <= 1 && !move.leavesNoWayIn) throw new LastSignInMethodError();
  const identity = { type: move.type, identifier: move.id };
  await repo.deleteSocialIdentifier(trx, move.from, identity);
  await repo.insertSocialIdentifier(trx, move.to, identity, now);
  evictAccount(ctx, move.from);
  evictAccount(ctx, move.to);
}
