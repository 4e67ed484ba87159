import { SteamLoginSchema } from '@fxid/contract';
import { STEAM_WEB_API_IDENTITY } from '@fxid/contract/adapters';
import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import { hashToken } from '../../../lib/tokens.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { ExternalIdentity } from '../server-platform.js';
import { requireSteamApi } from './steam-apps.js';
import * as repo from './steam-repository.js';

/** A SteamID64 of an individual account. */
const STEAM_ID = /^7656119\d{10}$/;

/**
 * `SteamLogin {Ticket}`: Steam says whose the ticket is (`AuthenticateUserTicket` with our
 * publisher key, the game's app id and our identity string), so a forged ticket, one of another
 * app or one made for another service is refused there. A ticket signs in once: Steam would
 * accept it again until the client cancels it, so our server remembers it (security.md §12, replay).
 * A Family-Shared copy signs in its player (`steamid`), not the owner.
 */
export async function steamIdentity(ctx: AppContext, game: GameRecord, block: unknown): Promise<ExternalIdentity> {
  const { Ticket } = SteamLoginSchema.parse(block);
  const { app, api } = requireSteamApi(ctx, game);
  const answer = await api.authenticateUserTicket(Ticket, STEAM_WEB_API_IDENTITY);
  if (!answer.ok) throw new PlatformAuthError('platform_sign_invalid', 'Steam', `ticket refused (${answer.errorcode})`);
  if (!STEAM_ID.test(answer.steamid)) throw new PlatformAuthError('platform_sign_invalid', 'Steam', 'not a SteamID64');
  if (answer.publisherbanned) throw new PlatformAuthError('platform_sign_invalid', 'Steam', 'publisher banned');
  const spent = await repo.spendTicket(ctx.db, hashToken(`${app.appId}:${Ticket.toLowerCase()}`), ctx.now());
  if (!spent) throw new PlatformAuthError('platform_payload_expired', 'Steam', 'ticket already used');
  return { type: 'Steam', id: answer.steamid, profile: {} };
}
