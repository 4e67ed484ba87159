import { PlatformAuthError, ServiceUnavailableError } from '../../../errors.js';
import { oauthCall } from '../oauth2/token-endpoint.js';

/** The MY.GAMES user an authorization code belongs to, as MY.GAMES's back channel tells it. */
export interface MyGamesUser {
  userId: string;
  email: string | undefined;
  nickname: string | undefined;
}

export interface MyGamesClient {
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * RFC 6749 §4.1.3 against MY.GAMES: the code, the same redirect URI and our client credentials
 * go to `/oauth2/token` as a form; an `{error}` answer is the player's (401
 * `platform_sign_invalid`). The user is then read from `/oauth2/userinfo` with the access token.
 */
export async function exchangeMyGamesCode(
  client: MyGamesClient,
  code: string,
  redirectUri: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MyGamesUser> {
  const token = await oauthCall(fetchImpl, 'MY.GAMES', `${client.oauthUrl}/oauth2/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    },
  });
  if (typeof token.body.error === 'string') {
    throw new PlatformAuthError('platform_sign_invalid', 'MyGamesId', token.body.error.slice(0, 100));
  }
  const accessToken = token.body.access_token;
  if (token.status !== 200 || typeof accessToken !== 'string') throw new ServiceUnavailableError('MY.GAMES');
  const info = await oauthCall(fetchImpl, 'MY.GAMES', `${client.oauthUrl}/oauth2/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const { sub, email, nickname } = info.body;
  if (info.status !== 200 || typeof sub !== 'string' || !/^[\w.-]{1,128}$/.test(sub)) {
    throw new ServiceUnavailableError('MY.GAMES');
  }
  return {
    userId: sub,
    email: typeof email === 'string' ? email : undefined,
    nickname: typeof nickname === 'string' ? nickname : undefined,
  };
}
