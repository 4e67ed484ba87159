import type { SocialIdentifierType } from '@fxid/contract';
import { lockForTransaction } from '../../db/database.js';
import * as repo from './accounts-repository.js';

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
  return (await repo.deleteSocialIdentifier(db, type, id)) > 0;
}
