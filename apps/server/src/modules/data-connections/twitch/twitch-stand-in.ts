import type { AppContext } from '../../../context.js';
import type { LocalOAuth2Service } from '../../auth/oauth2/local-oauth2-routes.js';
import { OAuth2StandIn, type StandInFailure, type StandInUser } from '../../auth/oauth2/oauth2-stand-in.js';
import { DEV_TWITCH_PATH, twitchAppOf } from '../connections-config.js';
import { twitchRedirectUri } from '../data-connections-service.js';

/**
 * Twitch's id server played offline: `/oauth2/token` (authorization code and refresh token
 * grants, form fields) and `/oauth2/validate` (`Authorization: OAuth {token}`), with Twitch's
 * answers and error bodies (`{status, message}`). Backs the tests' fake (src/test/fake-twitch.ts) and, in development, /dev/twitch.
 */
const MESSAGES: Record<StandInFailure, { status: number; message: string }> = {
  unsupported_grant_type: { status: 400, message: 'Invalid grant type' },
  invalid_client: { status: 403, message: 'invalid client secret' },
  invalid_code: { status: 400, message: 'Invalid authorization code' },
  redirect_uri_mismatch: { status: 400, message: 'Parameter redirect_uri does not match registered URI' },
  invalid_refresh_token: { status: 400, message: 'Invalid refresh token' },
};

export type TwitchAnswer = { status: number; body: Record<string, unknown> };

export class TwitchStandIn {
  readonly server: OAuth2StandIn;

  constructor(clients: ConstructorParameters<typeof OAuth2StandIn>[0], now: () => number) {
    this.server = new OAuth2StandIn(clients, now);
  }

  /** The player allows the application at Twitch's /oauth2/authorize: the code for the redirect URL. */
  authorize(query: URLSearchParams, user: StandInUser) {
    return this.server.authorize(query, user);
  }

  handle(request: { method: string; url: URL; headers: Record<string, unknown>; body: string }): TwitchAnswer {
    if (request.method === 'POST' && request.url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(request.url.search);
      for (const [key, value] of new URLSearchParams(request.body)) form.set(key, value);
      const answer = this.server.token(form);
      if ('tokens' in answer) return { status: 200, body: answer.tokens };
      const { status, message } = MESSAGES[answer.failure];
      return { status, body: status === 400 ? { error: 'Bad Request', status, message } : { status, message } };
    }
    if (request.method === 'GET' && request.url.pathname === '/oauth2/validate') {
      const header = String(request.headers.authorization ?? '');
      const holder = header.startsWith('OAuth ') ? this.server.holder(header.slice(6)) : undefined;
      if (!holder) return { status: 401, body: { status: 401, message: 'invalid access token' } };
      return {
        status: 200,
        body: {
          client_id: holder.clientId,
          login: holder.user.login,
          scopes: holder.scope,
          user_id: holder.user.id,
          expires_in: holder.expiresIn,
        },
      };
    }
    return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } };
  }
}

/**
 * The stand-in this server serves at /dev/twitch in development: it knows every game's
 * application (a TWITCH_APPS entry, or the one named after the game) with our redirect page.
 */
export function localTwitchService(ctx: Pick<AppContext, 'config' | 'now'>): LocalOAuth2Service {
  const clientOf = (clientId: string) => {
    const { apps } = ctx.config.dataConnections.twitch;
    const entry = Object.entries(apps).find(([, app]) => app.appId === clientId);
    const secret = entry ? entry[1].secrets[0] : twitchAppOf(ctx.config.dataConnections, clientId)?.secrets[0];
    return secret ? { secret, redirectUri: twitchRedirectUri(ctx) } : undefined;
  };
  const standIn = new TwitchStandIn(clientOf, ctx.now);
  return {
    path: DEV_TWITCH_PATH,
    name: 'Twitch',
    server: standIn.server,
    handle: (request) => standIn.handle(request),
  };
}
