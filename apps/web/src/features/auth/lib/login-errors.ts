import type { LoginErrorKey } from './login-flow';

/**
 * The login modal's message for a failed send or provider sign-in (spec §8): robot check,
 * too many, a provider window closed (Firebase's auth/popup-closed-by-user), VK ID's verifier
 * gone, or general.
 */
export function loginErrorKey(error: unknown): LoginErrorKey {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return 'auth.errors.popupClosed';
  if (code === 'vkid/verifier-missing') return 'auth.errors.vkVerifierMissing';
  if (code === 'vkid/widget-error') return 'auth.errors.vkWidget';
  const problem = (error as { problem?: { ErrorCode?: string } } | null)?.problem;
  switch (problem?.ErrorCode) {
    case 'captcha_failed':
    case 'turnstile_failed':
      return 'auth.errors.robotCheck';
    case 'rate_limited':
      return 'auth.errors.rateLimited';
    default:
      return 'auth.errors.general';
  }
}
