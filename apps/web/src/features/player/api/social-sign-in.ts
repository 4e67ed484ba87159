import type { SocialSignIn } from '@fxid/platforms';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

type SocialSignInBody = components['schemas']['AuthenticateFromSocialRequestInput'];

/**
 * POST /auth/authenticate_from_social: the host platform's payload (for VK the launch
 * query string) verified on our server, for the same session email sign-in gives.
 */
export async function authenticateFromSocial(
  api: ApiClient,
  payload: SocialSignIn,
  context: { game: string; locale: string; sessionId: string },
): Promise<string> {
  const body = { ...payload, Game: context.game, Locale: context.locale, SessionId: context.sessionId };
  const data = await unwrap(
    api.POST('/api/v1/auth/authenticate_from_social', { body: body as unknown as SocialSignInBody }),
  );
  return data.Token;
}
