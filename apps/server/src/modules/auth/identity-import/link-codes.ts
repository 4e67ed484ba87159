import { randomInt } from 'node:crypto';
import type { SocialIdentifierType } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { inspectToken, spendToken } from '../../../db/single-use-tokens.js';
import {
  ExpiredTokenError,
  GuestIdentityNotLinkableError,
  IdentityAlreadyOnAccountError,
  InvalidTokenError,
  NotFoundError,
  ValidationError,
} from '../../../errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { moveIdentity } from '../../accounts/identity-move.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import { getAccount } from '../../accounts/profile-service.js';
import * as repo from './identity-import-repository.js';

/** How long a link code made on a host platform can be used on the own site. */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
const WHAT = 'link code';
/** Crockford's base32: no I, L, O or U, so a code read off a phone and typed by hand survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Ten characters, 50 bits: unguessable within ten minutes behind the routes' rate limits. */
const CODE_LENGTH = 10;

interface Identity {
  type: SocialIdentifierType;
  id: string;
}

/** Email is the account's address and never moves; a platform's guest is nobody the platform knows again. */
function linkable(identity: Identity): Identity {
  if (identity.type === 'Email') {
    throw new ValidationError([{ Field: 'SocialIdentifierType', Message: 'Incorrect social identifier type' }]);
  }
  if (identity.type.endsWith('Guest')) throw new GuestIdentityNotLinkableError(identity.type);
  return identity;
}

/**
 * What the table keeps of a code: the hash of its normalised form, prefixed so that link codes and
 * import tokens (same table) can never be taken for one another.
 */
function codeHash(code: string): string {
  return hashToken(`link-code:${code.toUpperCase().replace(/[\s-]/g, '')}`);
}

function newLinkCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * The signed-in player (on a host platform, its account made for the platform identity) lets that
 * identity be added to another account of theirs: a single-use code for 10 minutes, shown once.
 */
export async function createLinkCode(ctx: AppContext, accountId: string, identity: Identity) {
  linkable(identity);
  const { SocialIdentifiers } = await getAccount(ctx, accountId);
  if (!SocialIdentifiers.some((held) => held.Type === identity.type && held.Id === identity.id)) {
    throw new NotFoundError('This sign-in on your account');
  }
  const code = newLinkCode();
  const now = ctx.now();
  const expiresAt = now + LINK_CODE_TTL_MS;
  await repo.insertImportToken(
    ctx.db,
    { tokenHash: codeHash(code), accountId, type: identity.type, id: identity.id, expiresAt },
    now,
  );
  return { LinkCode: code, ExpiresAt: new Date(expiresAt).toISOString() };
}

/**
 * What a live code would add to the signed-in account; spends nothing. The identity always signs in
 * to another account now (the one that made the code), so adding it always moves it.
 */
export async function linkCodeDetails(ctx: AppContext, accountId: string, code: string) {
  const { state, row } = await inspectToken(ctx.db, 'identity_import_tokens', codeHash(code), ctx.now());
  if (state === 'expired') throw new ExpiredTokenError(WHAT);
  if (state !== 'live' || !row) throw new InvalidTokenError(WHAT);
  const type = row.identity_type as SocialIdentifierType;
  if ((await findAccountIdByIdentity(ctx.db, type, row.identity_id)) === accountId) {
    throw new IdentityAlreadyOnAccountError(type);
  }
  return { SocialIdentifierType: type, SocialIdentifier: row.identity_id };
}

/**
 * Adds the identity a code names to the signed-in account, confirmed: the code is spent and the
 * identity moves from the account that made the code, with its audit record, in one transaction
 * (the import machinery). The account it leaves may be left with no way in: its holder made the
 * code from inside it, and the confirmation said what stays there. Nothing changes when refused.
 */
export async function linkFromCode(ctx: AppContext, accountId: string, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const spent = await spendToken(trx, 'identity_import_tokens', codeHash(code), now);
    if (!spent.spent) {
      if (spent.failure === 'expired') throw new ExpiredTokenError(WHAT);
      throw new InvalidTokenError(WHAT);
    }
    const { account_id: from, identity_id: id } = spent.row;
    const type = spent.row.identity_type as SocialIdentifierType;
    if ((await findAccountIdByIdentity(trx, type, id)) === accountId) throw new IdentityAlreadyOnAccountError(type);
    await moveIdentity(ctx, trx, { from, to: accountId, type, id, leavesNoWayIn: true }, now);
    await repo.recordTransfer(trx, { type, id, from, to: accountId, game: null }, now);
  });
}
