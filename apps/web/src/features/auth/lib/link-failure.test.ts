import { describe, expect, it } from 'vitest';
import { ProblemError, problemFromThrown } from '../../../shared/api/problem';
import { linkFailure } from './link-failure';

const problem = (ErrorCode: string, status: number) =>
  new ProblemError({ type: `urn:fxid:error:${ErrorCode}`, title: 't', status, detail: 'd', ErrorCode });

describe('linkFailure', () => {
  it('maps game-connection failures to the inviteErrorCode of the Error page', () => {
    expect(linkFailure(problem('already_connected', 409))).toEqual({
      kind: 'invite',
      inviteErrorCode: 'errors.already_connected',
    });
    expect(linkFailure(problem('connected_to_another_account', 409))).toEqual({
      kind: 'invite',
      inviteErrorCode: 'errors.connected_to_another_account',
    });
  });

  it('tells expired, used, offline and other failures apart', () => {
    expect(linkFailure(problem('expired_token', 400))).toEqual({ kind: 'expired' });
    expect(linkFailure(problem('invalid_token', 400))).toEqual({ kind: 'used' });
    expect(linkFailure(problem('validation_failed', 400))).toEqual({ kind: 'used' });
    expect(linkFailure(problemFromThrown(new TypeError('Failed to fetch')))).toEqual({ kind: 'network' });
    expect(linkFailure(problem('internal_error', 500))).toEqual({ kind: 'general' });
    expect(linkFailure(new Error('boom'))).toEqual({ kind: 'general' });
  });
});
