import type { LoginErrorKey } from './login-flow';

/** The login modal's message for a failed send (spec §8): robot check, too many, or general. */
export function loginErrorKey(error: unknown): LoginErrorKey {
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
