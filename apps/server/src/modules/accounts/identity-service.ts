import type { SocialIdentifierType } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import { AccountHasEmailError, IdentityTakenError, LastSignInMethodError, NotFoundError } from '../../errors.js';
import * as repo from './accounts-repository.js';
import { evictAccount } from './accounts-service.js';

/** An identity a host platform vouched for, with the profile facts it signed. */
export interface VouchedIdentity {
  type: SocialIdentifierType;
  id: string;
  name?: string | undefined;
  locale?: string | undefined;
}

/**
 * The account of a platform identity, inside the caller's transaction: the same
 * account every time, made with its identity on first sight. Sign-ins of one new
 * identity at once are serialized, so exactly one account is made.
 */
export async function accountForIdentity(
  trx: repo.Db,
  identity: VouchedIdentity,
  extras: { geoCountry: string | null; locale: string | undefined },
  now: number,
): Promise<{ accountId: string; created: boolean }> {
  await lockForTransaction(trx, `social-identity:${identity.type}:${identity.id}`);
  const known = await repo.accountIdBySocialIdentifier(trx, identity.type, identity.id);
  if (known) return { accountId: known.account_id, created: false };
  const row = await repo.createSocialAccount(
    trx,
    {
      type: identity.type,
      identifier: identity.id,
      name: identity.name ?? null,
      locale: identity.locale ?? extras.locale ?? null,
      geoCountry: extras.geoCountry,
    },
    now,
  );
  return { accountId: row.id, created: true };
}

/**
 * Adds a proven identity to the signed-in player's account, inside the caller's
 * transaction: from then on it signs in to this account. An identity this account
 * already holds is left as it is; one another account holds is refused and stays there.
 */
export async function linkIdentity(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  accountId: string,
  identity: Pick<VouchedIdentity, 'type' | 'id'>,
  now: number,
): Promise<void> {
  await lockForTransaction(trx, `social-identity:${identity.type}:${identity.id}`);
  const holder = (await repo.accountIdBySocialIdentifier(trx, identity.type, identity.id))?.account_id;
  if (holder === accountId) return;
  if (holder) throw new IdentityTakenError(identity.type);
  await repo.insertSocialIdentifier(trx, accountId, { type: identity.type, identifier: identity.id }, now);
  evictAccount(ctx, accountId);
}

/**
 * Gives a signed-in account the address a mailed link just proved, inside the caller's
 * transaction: from then on that email signs in to this account. An address another account
 * has is refused with `identity_taken` (it stays there); an account with another address
 * already is refused too (changing an address is not built).
 */
export async function addProvenEmail(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  accountId: string,
  invite: { email: string; email_normalized: string },
  now: number,
): Promise<void> {
  await lockForTransaction(trx, `social-identity:Email:${invite.email_normalized}`);
  const holder = await repo.findAccountByEmail(trx, invite.email_normalized);
  if (holder && holder.id !== accountId) throw new IdentityTakenError('Email');
  const account = await repo.findAccount(trx, accountId);
  if (!account) throw new NotFoundError('The account');
  if (account.email_normalized === invite.email_normalized) return;
  if (account.email_normalized) throw new AccountHasEmailError();
  await repo.setProvenEmail(trx, accountId, { email: invite.email, emailNormalized: invite.email_normalized }, now);
  await repo.insertSocialIdentifier(trx, accountId, { type: 'Email', identifier: invite.email_normalized }, now);
  evictAccount(ctx, accountId);
}

/**
 * Removes a way to sign in from the signed-in player's account. The last one is refused:
 * the account could never be reached again. Email stays (it is the account's address and
 * its recovery), as do identities the account does not hold (404, nothing told).
 */
export async function unlinkIdentity(
  ctx: Pick<AppContext, 'accounts' | 'db'>,
  accountId: string,
  identity: { type: SocialIdentifierType; id: string },
): Promise<void> {
  if (identity.type === 'Email') throw new NotFoundError('A sign-in method that can be removed');
  await ctx.db.transaction().execute(async (trx) => {
    // One removal per account at a time: two at once must not both see "another one is left".
    await lockForTransaction(trx, `account-identities:${accountId}`);
    const held = await repo.listSocialIdentifiers(trx, accountId);
    if (!held.some((row) => row.type === identity.type && row.identifier === identity.id)) {
      throw new NotFoundError('This sign-in method on the account');
    }
    if (held.length <= 1) throw new LastSignInMethodError();
    await repo.deleteSocialIdentifier(trx, accountId, { type: identity.type, identifier: identity.id });
  });
  evictAccount(ctx, accountId);
}

/** The account a platform identity belongs to, if it ever signed in. */
export async function findAccountIdByIdentity(
  db: repo.Db,
  type: SocialIdentifierType,
  id: string,
): Promise<string | undefined> {
  return (await repo.accountIdBySocialIdentifier(db, type, id))?.account_id;
}

/** The account's id on a platform (e.g. its Telegram user id), if it has an identity there. */
export async function findIdentityOfAccount(
  db: repo.Db,
  accountId: string,
  type: SocialIdentifierType,
): Promise<string | undefined> {
  const identities = await repo.listSocialIdentifiers(db, accountId);
  return identities.find((identity) => identity.type === type)?.identifier;
}

/**
 * Forgets a platform identity (the platform asked for its user's data to go): the account loses
 * the link, so that user no longer signs in to it; the account, its orders and other identities stay.
 */
export async function forgetIdentity(db: repo.Db, type: SocialIdentifierType, id: string): Promise<boolean> {
  return (await repo.deleteSocialIdentifierAnywhere(db, type, id)) > 0;
}
