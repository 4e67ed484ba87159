import type { SocialIdentifierType } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { inspectToken, spendToken } from '../../../db/single-use-tokens.js';
import {
  ExpiredTokenError,
  GameNotFoundError,
  InvalidTokenError,
  NotFoundError,
  ValidationError,
} from '../../../errors.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { moveIdentity } from '../../accounts/identity-move.js';
import { getAccount } from '../../accounts/profile-service.js';
import * as repo from './identity-import-repository.js';

/** How long the account that holds a sign-in lets it be moved away. */
export const IMPORT_TOKEN_TTL_MS = 15 * 60 * 1000;
const WHAT = 'import token';

interface Identity {
  type: SocialIdentifierType;
  id: string;
}

/** Spec §5: 'Incorrect social identifier type'. Email is the account's address and never moves. */
function movable(identity: Identity): Identity {
  if (identity.type === 'Email') {
    throw new ValidationError([{ Field: 'SocialIdentifierType', Message: 'Incorrect social identifier type' }]);
  }
  return identity;
}

/**
 * The holding account (signed in) lets one of its sign-ins be moved away: a single-use token
 * for 15 minutes, shown once. The sign-in must be its own.
 */
export async function createImportToken(ctx: AppContext, accountId: string, identity: Identity) {
  movable(identity);
  const { SocialIdentifiers } = await getAccount(ctx, accountId);
  if (!SocialIdentifiers.some((held) => held.Type === identity.type && held.Id === identity.id)) {
    throw new NotFoundError('This sign-in on your account');
  }
  const token = newSecretToken();
  const now = ctx.now();
  const expiresAt = now + IMPORT_TOKEN_TTL_MS;
  await repo.insertImportToken(
    ctx.db,
    { tokenHash: hashToken(token), accountId, type: identity.type, id: identity.id, expiresAt },
    now,
  );
  return { ImportToken: token, ExpiresAt: new Date(expiresAt).toISOString() };
}

/** What a live import token would move, and from which account; spends nothing. */
export async function importDetails(ctx: AppContext, token: string) {
  const row = await liveToken(ctx, token);
  const from = await findAccount(ctx.db, row.account_id);
  return {
    SocialIdentifierType: row.identity_type as SocialIdentifierType,
    SocialIdentifier: row.identity_id,
    FromAccountId: row.account_id,
    FromEmail: from?.email ?? null,
  };
}

async function liveToken(ctx: AppContext, token: string) {
  const { state, row } = await inspectToken(ctx.db, 'identity_import_tokens', hashToken(token), ctx.now());
  if (state === 'expired') throw new ExpiredTokenError(WHAT);
  if (state !== 'live' || !row) throw new InvalidTokenError(WHAT);
  return row;
}

/**
 * `authenticate_from_import`: the signed-in player, having confirmed, moves the sign-in the
 * token names from the account that made it to their own, in one transaction with its audit
 * record; the answer is a new session (the page reloads). The token must name exactly the
 * sign-in the request names. Refused: the player's own account, a sign-in that has left the
 * holding account since, or its last way in. Nothing changes when anything is refused.
 */
export async function authenticateFromImport(
  ctx: AppContext,
  accountId: string,
  input: {
    Game?: string | undefined;
    SocialIdentifierType: SocialIdentifierType;
    SocialIdentifier: string;
    ImportToken: string;
  },
) {
  const identity = movable({ type: input.SocialIdentifierType, id: input.SocialIdentifier });
  if (input.Game && !(await ctx.catalog.find(input.Game))) throw new GameNotFoundError(input.Game);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const spent = await spendToken(trx, 'identity_import_tokens', hashToken(input.ImportToken), now, (eb) =>
      eb.and([eb('identity_type', '=', identity.type), eb('identity_id', '=', identity.id)]),
    );
    if (!spent.spent) {
      if (spent.failure === 'expired') throw new ExpiredTokenError(WHAT);
      throw new InvalidTokenError(WHAT);
    }
    const from = spent.row.account_id;
    if (from === accountId) {
      throw new ValidationError([{ Field: 'ImportToken', Message: 'This sign-in is already on your account' }]);
    }
    await moveIdentity(ctx, trx, { from, to: accountId, type: identity.type, id: identity.id }, now);
    await repo.recordTransfer(
      trx,
      { type: identity.type, id: identity.id, from, to: accountId, game: input.Game ?? null },
      now,
    );
    return { Token: await ctx.sessions.create(accountId, trx) };
  });
}
