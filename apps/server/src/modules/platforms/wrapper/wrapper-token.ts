import type { PlatformName } from '@fxid/contract';
import { errors } from 'jose';
import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import { newId } from '../../../lib/ids.js';
import { spendOnce } from '../../auth/spent-tokens.js';

/** Long enough for the wrapper to open the page and the page to sign in; short enough to be useless if caught. */
export const WRAPPER_TOKEN_TTL_S = 120;

/** The wrappers that sign their own fxid account in to the page they run. */
export type WrapperPlatform = Extract<PlatformName, 'FxLauncher' | 'FxNative'>;

/**
 * A wrapper sign-in token: a GameJwt (ES256, fxid's published keys; only fxid can make one)
 * with `aud` = the game, `sub` = `account_id` = the account whose session asked for it,
 * `platform` = the wrapper, `token_use` = `wrapper_sign_in` and its own id (spent on use).
 */
export async function issueWrapperToken(
  ctx: Pick<AppContext, 'gameJwt' | 'now'>,
  input: { accountId: string; game: string; platform: WrapperPlatform },
): Promise<{ Token: string; ExpiresAt: number }> {
  const token = await ctx.gameJwt.sign(
    {
      sub: input.accountId,
      aud: input.game,
      account_id: input.accountId,
      platform: input.platform,
      token_use: 'wrapper_sign_in',
      jti: newId(),
    },
    WRAPPER_TOKEN_TTL_S,
  );
  return { Token: token, ExpiresAt: (Math.floor(ctx.now() / 1000) + WRAPPER_TOKEN_TTL_S) * 1000 };
}

/**
 * The account a wrapper sign-in token names, spent once: the signature (pinned ES256), issuer,
 * audience = this game, expiry, the wrapper-sign-in mark and this wrapper; a plain GameJwt, an
 * external-id GameAccessToken, or the other wrapper's token is refused (`platform_sign_invalid`);
 * expired or used before, `platform_payload_expired`.
 */
export async function spendWrapperToken(
  ctx: Pick<AppContext, 'gameJwt' | 'now' | 'db'>,
  input: { token: string; game: string; platform: WrapperPlatform },
): Promise<string> {
  const refuse = (reason: string) => new PlatformAuthError('platform_sign_invalid', input.platform, reason);
  let claims: Awaited<ReturnType<AppContext['gameJwt']['verify']>>;
  try {
    claims = await ctx.gameJwt.verify(input.token, input.game);
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new PlatformAuthError('platform_payload_expired', input.platform, 'token expired');
    }
    throw refuse(error instanceof errors.JWTClaimValidationFailed ? `token ${error.claim} mismatch` : 'bad token');
  }
  const { sub, jti, exp, account_id: accountId, token_use: use, platform } = claims;
  if (use !== 'wrapper_sign_in' || typeof accountId !== 'string' || sub !== accountId || !jti || !exp) {
    throw refuse('not a wrapper sign-in token');
  }
  if (platform !== input.platform) throw refuse(`a token of ${String(platform)}`);
  if (!(await spendOnce(ctx.db, `wrapper-sign-in:${jti}`, exp * 1000, ctx.now()))) {
    throw new PlatformAuthError('platform_payload_expired', input.platform, 'token already used');
  }
  return accountId;
}
