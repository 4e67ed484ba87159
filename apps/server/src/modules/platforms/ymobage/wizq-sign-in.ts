import { WizQLoginSchema } from '@fxid/contract';
import { errors, jwtVerify } from 'jose';
import { PlatformAuthError } from '../../../errors.js';
import type { ExternalIdentity } from '../server-platform.js';
import type { WizqApp } from './wizq-config.js';

/** Who issues launch tokens, and how long one stays good (a proposed protocol, see the adapter's README). */
export const WIZQ_TOKEN_ISSUER = 'wizq';
export const WIZQ_TOKEN_MAX_AGE_SECONDS = 3600;

/**
 * `WizQLogin { Token }`: the launch token, an HS256 JWT with the app's consumer secret whose
 * `aud` is the app id and `sub` the viewer (security.md §0: our app, fresh, the algorithm
 * pinned). A token signed otherwise, for another app, expired or older than an hour is refused.
 */
export async function wizqIdentity(app: WizqApp, block: unknown, nowMs: number): Promise<ExternalIdentity> {
  const { Token } = WizQLoginSchema.parse(block);
  for (const secret of app.secrets) {
    try {
      const { payload } = await jwtVerify(Token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        issuer: WIZQ_TOKEN_ISSUER,
        audience: app.appId,
        maxTokenAge: WIZQ_TOKEN_MAX_AGE_SECONDS,
        currentDate: new Date(nowMs),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (!/^\d{1,20}$/.test(payload.sub ?? ''))
        throw new PlatformAuthError('platform_sign_invalid', 'WizQ', 'malformed');
      return { type: 'WizQ', id: payload.sub ?? '', profile: {} };
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) continue;
      if (error instanceof errors.JWTExpired)
        throw new PlatformAuthError('platform_payload_expired', 'WizQ', 'expired');
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
        throw new PlatformAuthError('platform_app_mismatch', 'WizQ', 'other_app');
      }
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iat') {
        throw new PlatformAuthError('platform_payload_expired', 'WizQ', 'stale');
      }
      if (error instanceof PlatformAuthError) throw error;
      throw new PlatformAuthError('platform_sign_invalid', 'WizQ', error instanceof Error ? error.name : 'malformed');
    }
  }
  throw new PlatformAuthError('platform_sign_invalid', 'WizQ', 'bad_sig');
}
