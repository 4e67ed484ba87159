import type { Config } from '../../config.js';
import { createDevCaptcha } from './dev-captcha.js';
import { createTurnstileCaptcha } from './turnstile-captcha.js';

/** Checks a robot-check token; resolves false when it fails, throws when the checker is unreachable. */
export interface Captcha {
  readonly kind: 'turnstile' | 'dev';
  verify(token: string, remoteIp: string): Promise<boolean>;
}

/** Turnstile when a secret is configured; the dev check otherwise (config refuses that in production). */
export function createCaptcha(config: Config): Captcha {
  const { secret, verifyUrl } = config.turnstile;
  return secret ? createTurnstileCaptcha(secret, verifyUrl, new URL(config.publicUrl).hostname) : createDevCaptcha();
}
