import { type Account, accountLookupProofText, PORTAL_LOCALES } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { ForbiddenError, GameNotFoundError, UnauthorizedError, ValidationError } from '../../errors.js';
import { gameServerSecrets, verifyGameServerProof } from '../../lib/game-server-proof.js';
import { toAccount } from './accounts-presenter.js';
import * as repo from './accounts-repository.js';
import { evictAccount } from './accounts-service.js';

/** The API view of an account; a session whose account is gone counts as signed out. */
export async function getAccount(ctx: AppContext, accountId: string): Promise<Account> {
  const cached = ctx.accounts.get(accountId);
  if (cached) return cached;
  const row = await repo.findAccount(ctx.db, accountId);
  if (!row) throw new UnauthorizedError();
  const [identifiers, connections] = await Promise.all([
    repo.listSocialIdentifiers(ctx.db, accountId),
    repo.listGameConnections(ctx.db, accountId),
  ]);
  // Frozen: the cached presentation never changes (writes evict it), so its JSON is built once.
  const account = Object.freeze(toAccount({ row, identifiers, connections }));
  ctx.accounts.set(accountId, account);
  return account;
}

async function gameIdOf(ctx: AppContext, systemName: string): Promise<string> {
  const game = await ctx.catalog.find(systemName);
  if (!game) throw new GameNotFoundError(systemName);
  return game.id;
}

/** The profile, seen from a game: playing it connects the game to the account. */
export async function getProfile(ctx: AppContext, accountId: string, game: string | undefined): Promise<Account> {
  if (game) await gameConnection(ctx, accountId, game);
  return getAccount(ctx, accountId);
}

export async function setMarketing(ctx: AppContext, accountId: string, enabled: boolean): Promise<Account> {
  await repo.updateAccount(ctx.db, accountId, { marketing_enabled: enabled ? 1 : 0 }, ctx.now());
  evictAccount(ctx, accountId);
  return getAccount(ctx, accountId);
}

export async function setLanguage(ctx: AppContext, accountId: string, language: string): Promise<Account> {
  const locale = language.toLowerCase();
  if (!(PORTAL_LOCALES as readonly string[]).includes(locale)) {
    throw new ValidationError([{ Field: 'body.Language', Message: `Unsupported language ${language}` }]);
  }
  await repo.updateAccount(ctx.db, accountId, { locale }, ctx.now());
  evictAccount(ctx, accountId);
  return getAccount(ctx, accountId);
}

/** The account's connection to a game, created on first use. */
export async function gameConnection(ctx: AppContext, accountId: string, game: string) {
  const known = ctx.accounts.get(accountId)?.ConnectedGames.find((connected) => connected.Game === game);
  if (known) return known;
  const gameUid = await repo.ensureGameConnection(ctx.db, accountId, await gameIdOf(ctx, game), ctx.now());
  evictAccount(ctx, accountId);
  return { Game: game, GameUid: gameUid, StoreEnabled: true, TagsLinks: [], Surveys: {} };
}

/**
 * Whether an account holds a social identity. Only the game's server (with a proof
 * signed by the game's secret) or the signed-in holder may ask, so that nobody else
 * learns which addresses have accounts.
 */
export async function accountExists(
  ctx: AppContext,
  caller: { accountId: string | undefined; proof: string | undefined },
  query: { game: string; type: string; identifier: string },
) {
  const { game, type, identifier } = query;
  if (caller.proof === undefined && caller.accountId === undefined) throw new UnauthorizedError();
  await gameIdOf(ctx, game);
  const key = type === 'Email' ? identifier.toLowerCase() : identifier;
  const holder = (await repo.accountIdBySocialIdentifier(ctx.db, type, key))?.account_id;
  if (caller.proof !== undefined) {
    const text = (iat: number) => accountLookupProofText(game, type, identifier, iat);
    if (!verifyGameServerProof(caller.proof, gameServerSecrets(ctx.config, game), text, ctx.now())) {
      throw new ForbiddenError('The proof is not valid for this game and identity, or has expired');
    }
    return { Exists: holder !== undefined };
  }
  // A player may ask only about their own identities: any other answer would tell.
  if (holder === undefined || holder !== caller.accountId) {
    throw new ForbiddenError('Only the game server or the holder of this identity may ask');
  }
  return { Exists: true };
}

/** What a game server may know of a player: the account id, the player's id in that game, the email. */
export async function userInfo(ctx: AppContext, accountId: string, game: string) {
  const account = await getAccount(ctx, accountId);
  const connection = await gameConnection(ctx, accountId, game);
  return { sub: account.AccountId, id: connection.GameUid, email: account.Email };
}
