import type { AppContext } from '../../../context.js';
import type { LocalOAuth2Service } from '../oauth2/local-oauth2-routes.js';
import { OAuth2StandIn, type StandInFailure } from '../oauth2/oauth2-stand-in.js';
import { DEV_MYGAMES_PATH, myGamesAppOf } from './mygames-config.js';
import { myGamesRedirectUri } from './mygames-transfer.js';

/**
 * MY.GAMES's OAuth server played offline, in RFC 6749's shape: `/oauth2/token` answers
 * `{error, error_description}` (400, or 401 for a bad client) and `/oauth2/userinfo` answers the
 * holder of a Bearer access token (`{sub, email, nickname}`). Backs src/test/fake-mygames.ts and, in development, /dev/mygames.
 */
const ERRORS: Record<StandInFailure, { status: number; error: string }> = {
  unsupported_grant_type: { status: 400, error: 'unsupported_grant_type' },
  invalid_client: { status: 401, error: 'invalid_client' },
  invalid_code: { status: 400, error: 'invalid_grant' },
  redirect_uri_mismatch: { status: 400, error: 'invalid_grant' },
  invalid_refresh_token: { status: 400, error: 'invalid_grant' },
};

export class MyGamesStandIn {
  readonly server: OAuth2StandIn;

  constructor(clients: ConstructorParameters<typeof OAuth2StandIn>[0], now: () => number) {
    this.server = new OAuth2StandIn(clients, now, 3600);
  }

  handle(request: { method: string; url: URL; headers: Record<string, unknown>; body: string }) {
    if (request.method === 'POST' && request.url.pathname === '/oauth2/token') {
      const answer = this.server.token(new URLSearchParams(request.body));
      if ('tokens' in answer) return { status: 200, body: { ...answer.tokens, scope: answer.tokens.scope.join(' ') } };
      const { status, error } = ERRORS[answer.failure];
      return { status, body: { error, error_description: answer.failure } };
    }
    if (request.method === 'GET' && request.url.pathname === '/oauth2/userinfo') {
      const header = String(request.headers.authorization ?? '');
      const holder = header.startsWith('Bearer ') ? this.server.holder(header.slice(7)) : undefined;
      if (!holder) return { status: 401, body: { error: 'invalid_token' } };
      return {
        status: 200,
        body: {
          sub: holder.user.id,
          nickname: holder.user.login,
          ...(holder.user.email ? { email: holder.user.email } : {}),
        },
      };
    }
    return { status: 404, body: { error: 'not_found' } };
  }
}

/**
 * The stand-in this server serves at /dev/mygames in development: it knows every game's client
 * (a MYGAMES_APPS entry, or the one named after the game) with this server's redirect page.
 */
export function localMyGamesService(ctx: Pick<AppContext, 'config' | 'now'>): LocalOAuth2Service {
  const clientOf = (clientId: string) => {
    const entry = Object.entries(ctx.config.myGames.apps).find(([, app]) => app.appId === clientId);
    const secret = entry ? entry[1].secrets[0] : myGamesAppOf(ctx.config.myGames, clientId)?.secrets[0];
    return secret ? { secret, redirectUri: myGamesRedirectUri(ctx) } : undefined;
  };
  const standIn = new MyGamesStandIn(clientOf, ctx.now);
  return {
    path: DEV_MYGAMES_PATH,
    name: 'MY.GAMES',
    server: standIn.server,
    handle: (request) => standIn.handle(request),
  };
}
