import { type Account, PORTAL_LOCALES } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, UnauthorizedError, ValidationError } from '../../errors.js';
import { findGame } from '../games/games-repository.js';
import { toAccount } from './accounts-presenter.js';
import * as repo from './accounts-repository.js';

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
  const game = await findGame(ctx.db, systemName);
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
  ctx.accounts.delete(accountId);
  return getAccount(ctx, accountId);
}

export async function setLanguage(ctx: AppContext, accountId: string, language: string): Promise<Account> {
  const locale = language.toLowerCase();
  if (!(PORTAL_LOCALES as readonly string[]).includes(locale)) {
    throw new ValidationError([{ Field: 'body.Language', Message: `Unsupported language ${language}` }]);
  }
  await repo.updateAccount(ctx.db, accountId, { locale }, ctx.now());
  ctx.accounts.delete(accountId);
  return getAccount(ctx, accountId);
}

/** The account's connection to a game, created on first use. */
export async function gameConnection(ctx: AppContext, accountId: string, game: string) {
  const known = ctx.accounts.get(accountId)?.ConnectedGames.find((connected) => connected.Game === game);
  if (known) return known;
  const gameUid = await repo.ensureGameConnection(ctx.db, accountId, await gameIdOf(ctx, game), ctx.now());
  ctx.accounts.delete(accountId);
  return { Game: game, GameUid: gameUid, StoreEnabled: true, TagsLinks: [], Surveys: {} };
}

export async function accountExists(ctx: AppContext, game: string, type: string, identifier: string) {
  await gameIdOf(ctx, game);
  const key = type === 'Email' ? identifier.toLowerCase() : identifier;
  return { Exists: (await repo.accountIdBySocialIdentifier(ctx.db, type, key)) !== undefined };
}

/** What a game server may know of a player: the account id, the player's id in that game, the email. */
export async function userInfo(ctx: AppContext, accountId: string, game: string) {
  const account = await getAccount(ctx, accountId);
  const connection = await gameConnection(ctx, accountId, game);
  return { sub: account.AccountId, id: connection.GameUid, email: account.Email };
}
