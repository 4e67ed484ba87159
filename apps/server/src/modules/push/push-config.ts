import { generateKeyPairSync } from 'node:crypto';
import { z } from 'zod';
import { base64UrlOfLength, type Mode, optional } from '../../config/env-helpers.js';

export interface VapidConfig {
  /** The uncompressed P-256 public key, base64url (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
  /** A mailto: or https: contact that push services may use. */
  subject: string;
  /** True when made up at start (development): subscriptions then die with the process. */
  generated: boolean;
}

/** Web Push's environment variables, merged into the server's EnvSchema. */
export const VAPID_ENV = {
  VAPID_PUBLIC_KEY: optional(base64UrlOfLength(65, 'an uncompressed P-256 public key (65 bytes, base64url)')),
  VAPID_PRIVATE_KEY: optional(base64UrlOfLength(32, 'a P-256 private key (32 bytes, base64url)')),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'Expected mailto:… or https://…')),
};

type VapidEnv = z.output<z.ZodObject<typeof VAPID_ENV>>;

export function vapidProblems(env: VapidEnv): string[] {
  const set = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
  return set !== 0 && set !== 3 ? ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three or none'] : [];
}

/** The configured keys; in development without them, a pair made up for this run. */
export function vapidConfig(env: VapidEnv, mode: Mode): VapidConfig | undefined {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT) {
    return {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
      generated: false,
    };
  }
  if (mode === 'development') return { ...generateVapidKeys(), subject: 'mailto:support@localhost', generated: true };
  return undefined;
}

/** A fresh VAPID key pair, for development only. */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '' };
}
