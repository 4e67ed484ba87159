import type { AuthenticateFromVkOpenApiRequest } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { GameNotFoundError, PlatformAuthError, ValidationError } from '../../../errors.js';
import { signInAs } from '../platform-sign-in.js';
import { requireVkApp } from './vk-apps.js';
import { verifyVkOpenApiSession } from './vk-openapi-session.js';

/**
 * Signs in with a VK Open API session (spec §7 `authenticate_from_vkontaktecom_openapi`): the
 * session must be signed with the secure key of the game's VK app and not expired; then the VK
 * user (`mid`, the same id a VK Mini App launch proves) signs in as a `VkontakteCom` identity.
 * `VkSessionUser` is not signed: only its name is kept, as the new account's display name.
 */
export async function authenticateFromVkOpenApi(
  ctx: AppContext,
  input: AuthenticateFromVkOpenApiRequest,
  geoCountry: string | null,
) {
  const session = input.VkSession;
  if (!session) {
    throw new ValidationError([{ Field: 'body.VkSession', Message: 'VK payload is required for VK login' }]);
  }
  const game = await ctx.catalog.find(input.Game);
  if (!game) throw new GameNotFoundError(input.Game);
  const app = requireVkApp(ctx, game);
  const verdict = verifyVkOpenApiSession(session, app.secrets, ctx.now());
  if (!verdict.ok) {
    throw verdict.failure === 'expired'
      ? new PlatformAuthError('platform_payload_expired', 'VkontakteCom', 'the Open API session has expired')
      : new PlatformAuthError('platform_sign_invalid', 'VkontakteCom', 'sig does not match the session');
  }
  const user = input.VkSessionUser;
  const name = [user?.FirstName, user?.LastName].filter(Boolean).join(' ') || user?.NickName || undefined;
  return signInAs(
    ctx,
    { type: 'VkontakteCom', id: verdict.userId, name },
    { locale: input.Locale, geoCountry },
    'vkcom_openapi',
  );
}
