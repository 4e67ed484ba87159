import { type AuthenticateFromSocialRequest, PORTAL_LOCALES } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { PlatformNotSupportedError, ValidationError } from '../../errors.js';
import { accountForIdentity, linkIdentity, type VouchedIdentity } from '../accounts/identity-service.js';
import { requireGameOnPlatform } from '../store/store-front-service.js';
import { serverPlatformFor } from './registry.js';

/** Spec store §5 words the missing block after the platform's short name ('VK payload is required for VK login'). */
const SHORT_NAMES: Record<string, string> = {
  VkontakteCom: 'VK',
  YandexGames: 'Yandex',
  Odnoklassniki: 'OK',
  VkontaktePlay: 'VK Play',
};

/**
 * The identity a host platform's payload proves (its login block verified by the platform),
 * for a game published there; the spec's errors for an unknown platform or a missing block.
 */
export async function verifiedPlatformIdentity(ctx: AppContext, input: AuthenticateFromSocialRequest) {
  const platform = serverPlatformFor(input.Social);
  if (!platform) throw new PlatformNotSupportedError(input.Social);
  const block = input[platform.loginBlock];
  if (block === undefined) {
    const name = SHORT_NAMES[platform.platform] ?? platform.platform;
    throw new ValidationError([
      { Field: `body.${platform.loginBlock}`, Message: `${name} payload is required for ${name} login` },
    ]);
  }
  const game = await requireGameOnPlatform(ctx, input.Game, platform.platform);
  return { platform: platform.platform, identity: await platform.verifyLogin(ctx, game, block) };
}

/**
 * Signs in by a host platform's payload: the platform verifies it into an identity,
 * the accounts module finds or makes the account, and a session starts, the same
 * session email sign-in gives. Nothing is written unless the payload verified.
 */
export async function authenticateFromSocial(
  ctx: AppContext,
  input: AuthenticateFromSocialRequest,
  geoCountry: string | null,
) {
  const { platform, identity } = await verifiedPlatformIdentity(ctx, input);
  if ('accountId' in identity) {
    // Our own wrapper vouched for the fxid account itself: that account, a new session.
    const Token = await ctx.sessions.create(identity.accountId);
    ctx.metrics.signedIn(platform);
    return { Token, AccountId: identity.accountId };
  }
  const started = await signInAs(
    ctx,
    { type: identity.type, id: identity.id, ...identity.profile },
    { locale: input.Locale, geoCountry },
    platform,
  );
  return {
    ...started,
    AuthenticatedSocialIdentifierType: identity.type,
    AuthenticatedSocialIdentifier: identity.id,
  };
}

/**
 * Signs in as an identity a platform has just proven: the accounts module finds or makes its
 * account and a session starts, the same session email sign-in gives. `locale` is used only
 * when it is one of the portal's.
 */
export async function signInAs(
  ctx: AppContext,
  identity: VouchedIdentity,
  extras: { locale: string | undefined; geoCountry: string | null },
  metric: string,
): Promise<{ Token: string; AccountId: string }> {
  const requested = extras.locale?.toLowerCase();
  const locale = (PORTAL_LOCALES as readonly string[]).includes(requested ?? '') ? requested : undefined;
  const started = await ctx.db.transaction().execute(async (trx) => {
    const { accountId } = await accountForIdentity(trx, identity, { geoCountry: extras.geoCountry, locale }, ctx.now());
    return { Token: await ctx.sessions.create(accountId, trx), AccountId: accountId };
  });
  // Counted after the commit: a sign-in that rolled back started no session.
  ctx.metrics.signedIn(metric);
  return started;
}

/**
 * Adds the platform identity a payload proves (a player met in a game on VK, OK, Telegram, …)
 * to the signed-in account: from then on it signs in to this account. One another account
 * holds is refused with `identity_taken` and stays there.
 */
export async function linkFromSocial(ctx: AppContext, accountId: string, input: AuthenticateFromSocialRequest) {
  const { platform, identity } = await verifiedPlatformIdentity(ctx, input);
  if ('accountId' in identity) {
    // A wrapper's token names an fxid account, not an identity to add to one.
    throw new ValidationError([{ Field: 'body.Social', Message: `${platform} has no identity to link` }]);
  }
  await ctx.db
    .transaction()
    .execute((trx) => linkIdentity(ctx, trx, accountId, { type: identity.type, id: identity.id }, ctx.now()));
}
