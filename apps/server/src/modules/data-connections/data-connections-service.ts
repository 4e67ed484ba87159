import type { DataConnectionsResponse } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, NotFoundError, PlatformAuthError, PlatformNotConfiguredError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { openText, sealText } from '../../lib/sealed-text.js';
import { withQuery } from '../../lib/with-query.js';
import { TWITCH_REDIRECT_PAGE, twitchAppOf } from './connections-config.js';
import * as repo from './data-connections-repository.js';
import { exchangeTwitchCode, refreshTwitchTokens, type TwitchApp, type TwitchTokens } from './twitch/twitch-client.js';

const TWITCH = 'Twitch' as const;
/** What the portal asks Twitch for: the user's identity only (a game wanting more connects itself). */
const TWITCH_SCOPE = 'user:read:email';

/** The redirect URL registered for every game's Twitch application: the portal page that receives the code. */
export function twitchRedirectUri(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}${TWITCH_REDIRECT_PAGE}`;
}

async function twitchClientOf(ctx: AppContext, game: string): Promise<TwitchApp> {
  if (!(await ctx.catalog.find(game))) throw new GameNotFoundError(game);
  const app = twitchAppOf(ctx.config.dataConnections, game);
  const clientSecret = app?.secrets[0];
  if (!app || !clientSecret) throw new PlatformNotConfiguredError(game, TWITCH);
  return { idUrl: ctx.config.dataConnections.twitch.idUrl, clientId: app.appId, clientSecret };
}

/** What the sealed tokens are bound to: they open only on their own row. */
const sealContext = (accountId: string, game: string) => `data-connection|${accountId}|${game}|${TWITCH}`;

async function store(ctx: AppContext, accountId: string, game: string, tokens: TwitchTokens, id?: string) {
  const now = ctx.now();
  const key = ctx.config.dataConnections.sealingKey;
  const context = sealContext(accountId, game);
  await repo.saveConnection(ctx.db, {
    id: id ?? newId(),
    account_id: accountId,
    game,
    service: TWITCH,
    external_user_id: tokens.userId,
    external_login: tokens.login,
    scopes: JSON.stringify(tokens.scopes),
    access_token_sealed: sealText(key, tokens.accessToken, context),
    refresh_token_sealed: sealText(key, tokens.refreshToken, context),
    access_expires_at: now + tokens.expiresIn * 1000,
    created_at: now,
    updated_at: now,
  });
  return {
    Success: true as const,
    Data: {
      AccessToken: tokens.accessToken,
      RefreshToken: tokens.refreshToken,
      UserId: tokens.userId,
      Login: tokens.login,
      ExpiresAt: now + tokens.expiresIn * 1000,
    },
  };
}

/**
 * `twitch/connect`: Twitch exchanges the code for the player's tokens (our client id, secret and
 * redirect URL), they are stored sealed as the game's streaming-service block of this account, and
 * handed to the game. Connecting again replaces the block; a refused code changes nothing.
 */
export async function connectTwitch(ctx: AppContext, accountId: string, input: { Game: string; Code: string }) {
  const app = await twitchClientOf(ctx, input.Game);
  const tokens = await exchangeTwitchCode(app, input.Code, twitchRedirectUri(ctx));
  return store(ctx, accountId, input.Game, tokens);
}

/**
 * `twitch/refresh_token`: a new pair for the stored refresh token. When Twitch refuses it (the
 * player revoked the app, or it was spent) the connection is removed: only connecting again helps.
 */
export async function refreshTwitch(ctx: AppContext, accountId: string, input: { Game: string }) {
  const app = await twitchClientOf(ctx, input.Game);
  const row = await repo.findConnection(ctx.db, accountId, input.Game, TWITCH);
  if (!row) throw new NotFoundError('A Twitch connection of this game');
  const refreshToken = openText(
    ctx.config.dataConnections.sealingKey,
    row.refresh_token_sealed,
    sealContext(accountId, input.Game),
  );
  if (refreshToken === undefined) {
    await repo.deleteConnection(ctx.db, row.id);
    throw new NotFoundError('A Twitch connection of this game');
  }
  try {
    return await store(ctx, accountId, input.Game, await refreshTwitchTokens(app, refreshToken), row.id);
  } catch (error) {
    if (error instanceof PlatformAuthError) await repo.deleteConnection(ctx.db, row.id);
    throw error;
  }
}

/**
 * Where the portal sends the player to connect Twitch for a game: Twitch's authorization page for
 * the game's application, with our redirect page and the state the browser keeps (it checks it
 * on the way back; the code alone connects nothing without this player's session).
 */
export async function startTwitch(ctx: AppContext, input: { Game: string; State: string }) {
  const app = await twitchClientOf(ctx, input.Game);
  const redirectUri = twitchRedirectUri(ctx);
  const authorize = withQuery(`${app.idUrl}/oauth2/authorize`, {
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: redirectUri,
    scope: TWITCH_SCOPE,
    state: input.State,
  });
  return { AuthorizeUrl: authorize, RedirectUrl: redirectUri };
}

/** `/data-connections/get`: the services connected to the account, per game (never their tokens), and what can be. */
export async function listDataConnections(ctx: AppContext, accountId: string): Promise<DataConnectionsResponse> {
  const rows = await repo.listConnections(ctx.db, accountId);
  const games = await ctx.catalog.list();
  return {
    Connectable: games
      .filter((game) => twitchAppOf(ctx.config.dataConnections, game.definition.GameSystemName) !== undefined)
      .map((game) => ({ Service: TWITCH, Game: game.definition.GameSystemName })),
    Connections: rows.map((row) => ({
      Service: row.service as 'Twitch',
      Game: row.game,
      UserId: row.external_user_id,
      Login: row.external_login,
      Scopes: JSON.parse(row.scopes) as string[],
      ConnectedAt: Number(row.created_at),
      UpdatedAt: Number(row.updated_at),
    })),
  };
}
