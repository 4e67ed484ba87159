import { FIREBASE_PROVIDERS, type FirebaseProvider, type SocialIdentifierType } from '@fxid/contract';
import { errors, type JWTPayload, jwtVerify } from 'jose';
import { ExpiredTokenError, InvalidTokenError } from '../../../errors.js';
import type { FirebaseKeys } from './firebase-keys.js';

/** Seconds of clock difference tolerated between Google's clocks and ours. */
const CLOCK_TOLERANCE_S = 5;
const WHAT = 'Firebase ID token';

export const firebaseIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** What a verified Firebase ID token vouches for. */
export interface FirebaseIdentity {
  provider: FirebaseProvider;
  identityType: SocialIdentifierType;
  /** The user's id at the provider (Google's, Apple's or Facebook's), from the token's `firebase.identities`. */
  providerUid: string;
  /** Firebase's uid of the user (`sub`). */
  uid: string;
  name: string | undefined;
  /** When the token stops being valid (epoch ms); a spent token is remembered until then. */
  expiresAt: number;
}

interface FirebaseClaims extends JWTPayload {
  auth_time?: unknown;
  name?: unknown;
  firebase?: { sign_in_provider?: unknown; identities?: Record<string, unknown> };
}

/**
 * Verifies a Firebase Auth ID token as security.md §7 lists: RS256 only, a kid among
 * Firebase's published keys, the signature, `aud` = the project, `iss` =
 * securetoken.google.com/<project>, `sub` of 1–128 characters, `exp` ahead and `iat`,
 * `auth_time` behind. A custom token (another audience), an emulator's unsigned token
 * (`alg: none`) and a token of another project all fail here.
 */
export async function verifyFirebaseIdToken(
  token: string,
  input: { projectId: string; keys: FirebaseKeys; now: number },
): Promise<FirebaseIdentity> {
  let claims: FirebaseClaims;
  try {
    const verified = await jwtVerify<FirebaseClaims>(token, input.keys.getKey, {
      algorithms: ['RS256'],
      issuer: firebaseIssuer(input.projectId),
      audience: input.projectId,
      currentDate: new Date(input.now),
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
    });
    if (!verified.protectedHeader.kid) throw new InvalidTokenError(WHAT);
    claims = verified.payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new ExpiredTokenError(WHAT);
    if (error instanceof errors.JOSEError || error instanceof InvalidTokenError) throw new InvalidTokenError(WHAT);
    throw error;
  }
  const nowS = input.now / 1000 + CLOCK_TOLERANCE_S;
  const sub = claims.sub ?? '';
  if (sub.length === 0 || sub.length > 128) throw new InvalidTokenError(WHAT);
  if (typeof claims.iat !== 'number' || claims.iat > nowS) throw new InvalidTokenError(WHAT);
  if (typeof claims.auth_time !== 'number' || claims.auth_time > nowS) throw new InvalidTokenError(WHAT);
  return { ...providerIdentity(claims), uid: sub, expiresAt: (claims.exp ?? 0) * 1000 };
}

/** The provider the user signed in with, and their id there; only Google, Apple and Facebook give an identity. */
function providerIdentity(claims: FirebaseClaims) {
  const providerId = claims.firebase?.sign_in_provider;
  const entry = Object.entries(FIREBASE_PROVIDERS).find(([, value]) => value.providerId === providerId);
  if (!entry || typeof providerId !== 'string') throw new InvalidTokenError(WHAT);
  const ids = claims.firebase?.identities?.[providerId];
  const providerUid = Array.isArray(ids) ? ids[0] : undefined;
  if (typeof providerUid !== 'string' || providerUid.length === 0 || providerUid.length > 128) {
    throw new InvalidTokenError(WHAT);
  }
  const [provider, { identity }] = entry;
  return {
    provider: provider as FirebaseProvider,
    identityType: identity,
    providerUid,
    name: typeof claims.name === 'string' ? claims.name.slice(0, 100) : undefined,
  };
}
