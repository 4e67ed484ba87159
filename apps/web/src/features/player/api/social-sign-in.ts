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
  return (await authenticateFromSocialSession(api, payload, context)).Token;
}

/** The same sign-in, with whose account the session is (to tell a changed player). */
export async function authenticateFromSocialSession(
  api: ApiClient,
  payload: SocialSignIn,
  context: { game: string; locale: string; sessionId: string },
): Promise<{ Token: string; AccountId: string }> {
  const body = { ...payload, Game: context.game, Locale: context.locale, SessionId: context.sessionId };
  return unwrap(api.POST('/api/v1/auth/authenticate_from_social', { body: body as unknown as SocialSignInBody }));
}
