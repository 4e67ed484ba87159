import { randomUUID } from 'node:crypto';
import { SIGN_IN_CAPTCHA_ACTION } from '@fxid/contract';
import { ServiceUnavailableError } from '../../errors.js';
import type { Captcha } from './captcha.js';

const TIMEOUT_MS = 5000;

interface SiteverifyAnswer {
  success?: boolean;
  hostname?: string;
  action?: string;
  'error-codes'?: string[];
}

/**
 * Cloudflare Turnstile siteverify (security.md §8f): success, then our host, then the
 * sign-in action. Fails closed: an unreachable or confused verifier refuses the request
 * (503) rather than letting it through.
 */
export function createTurnstileCaptcha(secret: string, verifyUrl: string, expectedHostname: string): Captcha {
  const isTestSecret = /^[123]x0{20,}/.test(secret);
  return {
    kind: 'turnstile',
    async verify(token, remoteIp) {
      let answer: SiteverifyAnswer;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret, response: token, remoteip: remoteIp, idempotency_key: randomUUID() }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as SiteverifyAnswer;
      } catch {
        throw new ServiceUnavailableError('The robot check');
      }
      // Turnstile's test secrets answer "example.com" and no action; real ones name the widget's host and action.
      const hostnameOk = answer.hostname === expectedHostname || (isTestSecret && answer.hostname === 'example.com');
      const actionOk = answer.action === SIGN_IN_CAPTCHA_ACTION || isTestSecret;
      return answer.success === true && hostnameOk && actionOk;
    },
  };
}
