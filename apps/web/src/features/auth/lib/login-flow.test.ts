import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../shared/api/problem';
import { loginErrorKey } from './login-errors';
import { INITIAL_LOGIN_STATE, type LoginAction, loginReducer } from './login-flow';

const run = (...actions: LoginAction[]) => actions.reduce(loginReducer, INITIAL_LOGIN_STATE);

describe('login modal flow', () => {
  it('goes enterEmail → verifyTurnstile → success', () => {
    expect(INITIAL_LOGIN_STATE.view).toBe('enterEmail');
    const checking = run({ type: 'emailAccepted', email: 'a@example.com' });
    expect(checking).toMatchObject({ view: 'verifyTurnstile', email: 'a@example.com' });
    const sent = loginReducer(loginReducer(checking, { type: 'sending' }), { type: 'sent' });
    expect(sent).toEqual({ view: 'success', email: 'a@example.com', error: null, sending: false });
  });

  it('returns to enterEmail with the error after a failure, keeping the address', () => {
    const failed = run(
      { type: 'emailAccepted', email: 'a@example.com' },
      { type: 'sending' },
      { type: 'failed', error: 'auth.errors.robotCheck' },
    );
    expect(failed).toEqual({
      view: 'enterEmail',
      email: 'a@example.com',
      error: 'auth.errors.robotCheck',
      sending: false,
    });
    expect(loginReducer(failed, { type: 'emailAccepted', email: 'b@example.com' }).error).toBeNull();
  });

  it('goes back to the email from the robot check', () => {
    expect(run({ type: 'emailAccepted', email: 'a@example.com' }, { type: 'backToEmail' }).view).toBe('enterEmail');
  });

  it('ignores a send outside the robot check', () => {
    expect(run({ type: 'sending' })).toBe(INITIAL_LOGIN_STATE);
  });
});

describe('loginErrorKey', () => {
  const problem = (ErrorCode: string, status = 400) =>
    new ProblemError({ type: `urn:fxid:error:${ErrorCode}`, title: 'x', status, detail: '', ErrorCode });

  it('names a failed robot check', () => {
    expect(loginErrorKey(problem('captcha_failed'))).toBe('auth.errors.robotCheck');
    expect(loginErrorKey(problem('turnstile_failed'))).toBe('auth.errors.robotCheck');
  });

  it('names rate limits and falls back to the general message', () => {
    expect(loginErrorKey(problem('rate_limited', 429))).toBe('auth.errors.rateLimited');
    expect(loginErrorKey(problem('internal_error', 500))).toBe('auth.errors.general');
    expect(loginErrorKey(new TypeError('Failed to fetch'))).toBe('auth.errors.general');
    expect(loginErrorKey(null)).toBe('auth.errors.general');
  });
});
