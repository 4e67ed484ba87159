import { z } from 'zod';
import { type Mode, optional } from '../../../config/env-helpers.js';

/**
 * Firebase Auth's part of the server configuration. The project (the ID token audience)
 * is the company's `FirebaseOptions.ProjectId` in the catalog; only where the signing keys
 * come from is set here: Google's published keys in production, the stand-in issuer of
 * this server (`/dev/firebase`) in development and tests.
 */
export interface FirebaseConfig {
  /**
   * The JWK set Firebase ID tokens are signed with (security.md §7, the JWK form of
   * securetoken@system.gserviceaccount.com); unset in development: this server's stand-in.
   */
  keysUrl: string | undefined;
  /** Whether the stand-in issuer and its Identity Toolkit endpoints are served (development only). */
  devIssuer: boolean;
}

export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Where the stand-in issuer publishes its keys, under PUBLIC_URL. */
export const DEV_FIREBASE_JWKS_PATH = '/dev/firebase/jwks';

export const FIREBASE_ENV = {
  FIREBASE_KEYS_URL: optional(z.url({ protocol: /^https?$/ })),
  // firebase-admin trusts unsigned tokens when this is set; named here only to refuse it in production.
  FIREBASE_AUTH_EMULATOR_HOST: optional(z.string()),
};

type FirebaseEnv = { FIREBASE_KEYS_URL?: string | undefined; FIREBASE_AUTH_EMULATOR_HOST?: string | undefined };

export function firebaseConfig(env: FirebaseEnv, mode: Mode): FirebaseConfig {
  return {
    keysUrl: env.FIREBASE_KEYS_URL ?? (mode === 'production' ? GOOGLE_SECURETOKEN_JWKS_URL : undefined),
    devIssuer: mode === 'development',
  };
}

/** A production server trusts Google's keys only: a local issuer or an emulator would sign anyone in. */
export function firebaseProblems(env: FirebaseEnv, mode: Mode): string[] {
  if (mode !== 'production') return [];
  const problems: string[] = [];
  if (env.FIREBASE_KEYS_URL && env.FIREBASE_KEYS_URL !== GOOGLE_SECURETOKEN_JWKS_URL) {
    problems.push(`FIREBASE_KEYS_URL: only ${GOOGLE_SECURETOKEN_JWKS_URL} is allowed in production`);
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push('FIREBASE_AUTH_EMULATOR_HOST: the Firebase Auth emulator cannot be used in production');
  }
  return problems;
}
