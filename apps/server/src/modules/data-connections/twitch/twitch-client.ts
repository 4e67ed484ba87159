import { PlatformAuthError, ServiceUnavailableError } from '../../../errors.js';
import { oauthCall } from '../../auth/oauth2/token-endpoint.js';

/**
 * Twitch's id server (dev.twitch.tv/docs/authentication: authorization code grant flow,
 * refreshing access tokens, validating tokens): the code or refresh token goes to
 * `/oauth2/token` as a form with our client id and secret; whose tokens they are is asked of
 * `/oauth2/validate` (`Authorization: OAuth {token}`). Twitch's refusals (`{status, message}`)
 * are the player's (401 `platform_sign_invalid`), anything else Twitch being unavailable.
 */
export interface TwitchTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scopes: string[];
  userId: string;
  login: string;
}

export interface TwitchApp {
  idUrl: string;
  clientId: string;
  clientSecret: string;
}

async function tokens(app: TwitchApp, form: Record<string, string>, fetchImpl: typeof fetch): Promise<TwitchTokens> {
  const answer = await oauthCall(fetchImpl, 'Twitch', `${app.idUrl}/oauth2/token`, {
    form: { client_id: app.clientId, client_secret: app.clientSecret, ...form },
  });
  if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
    const message = typeof answer.body.message === 'string' ? answer.body.message : 'refused';
    throw new PlatformAuthError('platform_sign_invalid', 'Twitch', message.slice(0, 200));
  }
  const { access_token, refresh_token, expires_in, scope } = answer.body;
  if (answer.status !== 200 || typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw new ServiceUnavailableError('Twitch');
  }
  // Whose tokens these are: Twitch's own answer for this access token, made for our client.
  const validated = await oauthCall(fetchImpl, 'Twitch', `${app.idUrl}/oauth2/validate`, {
    headers: { authorization: `OAuth ${access_token}` },
  });
  const { client_id, user_id, login } = validated.body;
  if (validated.status !== 200 || typeof user_id !== 'string' || typeof login !== 'string') {
    throw new ServiceUnavailableError('Twitch');
  }
  if (client_id !== app.clientId) {
    throw new PlatformAuthError('platform_app_mismatch', 'Twitch', 'the token was made for another application');
  }
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresIn: typeof expires_in === 'number' ? expires_in : 0,
    scopes: Array.isArray(scope) ? scope.filter((item): item is string => typeof item === 'string') : [],
    userId: user_id,
    login,
  };
}

/** The authorization code grant: the code, the same redirect URI, our credentials. */
export function exchangeTwitchCode(app: TwitchApp, code: string, redirectUri: string, fetchImpl: typeof fetch = fetch) {
  return tokens(app, { code, grant_type: 'authorization_code', redirect_uri: redirectUri }, fetchImpl);
}

/** A new pair for the stored refresh token (Twitch may rotate it: the answer's is kept). */
export function refreshTwitchTokens(app: TwitchApp, refreshToken: string, fetchImpl: typeof fetch = fetch) {
  return tokens(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, fetchImpl);
}
