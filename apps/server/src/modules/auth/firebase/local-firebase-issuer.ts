import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { firebaseIssuer } from './verify-firebase-token.js';

/** What a local ID token says: the provider's user and, for tests, claims to override. */
export interface LocalIdTokenInput {
  projectId: string;
  /** Firebase's provider id: google.com, apple.com, facebook.com. */
  providerId: string;
  providerUid: string;
  email?: string | undefined;
  name?: string | undefined;
  /** Epoch ms; the token is issued then and lives an hour, as Firebase's do. */
  now: number;
  /** Claims or header fields to change (tests of refused tokens). */
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
}

/** Firebase ID tokens live one hour. */
export const ID_TOKEN_TTL_S = 3600;

/**
 * A stand-in for Firebase Auth's token service with keys of its own: it signs ID tokens
 * exactly as securetoken.google.com does (RS256, kid, iss/aud of the project, auth_time,
 * the `firebase` claim) and publishes its public key as a JWK set, so the server checks
 * them on its production path. Development and tests only; production trusts Google's keys.
 */
/** Firebase's uid for a provider's user: stable, as a project keeps one user per identity. */
export function localUidFor(providerId: string, providerUid: string): string {
  return createHash('sha256').update(`${providerId}:${providerUid}`).digest('base64url').slice(0, 28);
}

export async function createLocalFirebaseIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID().replaceAll('-', '');
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  return {
    kid,
    jwks: () => jwks,
    async mintIdToken(input: LocalIdTokenInput): Promise<string> {
      const nowS = Math.floor(input.now / 1000);
      const uid = localUidFor(input.providerId, input.providerUid);
      const identities: Record<string, string[]> = { [input.providerId]: [input.providerUid] };
      if (input.email) identities.email = [input.email];
      const payload = {
        iss: firebaseIssuer(input.projectId),
        aud: input.projectId,
        auth_time: nowS,
        user_id: uid,
        sub: uid,
        iat: nowS,
        exp: nowS + ID_TOKEN_TTL_S,
        ...(input.name ? { name: input.name } : {}),
        ...(input.email ? { email: input.email, email_verified: true } : {}),
        firebase: { identities, sign_in_provider: input.providerId },
        ...input.claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...input.header })
        .sign(privateKey);
    },
  };
}
export type LocalFirebaseIssuer = Awaited<ReturnType<typeof createLocalFirebaseIssuer>>;
