/** How a sign-in link failed, as the link pages tell the player. */
export type LinkFailure =
  /** A game-connection failure: shown by the Error page through its inviteErrorCode (spec §8). */
  | { kind: 'invite'; inviteErrorCode: string }
  /** Opened in a browser that did not ask for it: the player confirms first (login CSRF). */
  | { kind: 'confirm' }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'network' }
  | { kind: 'general' };

const INVITE_ERROR_CODES = ['already_connected', 'connected_to_another_account', 'game_not_connected'];

export function linkFailure(error: unknown): LinkFailure {
  const failure = error as { status?: number; problem?: { ErrorCode?: string } } | null;
  const code = failure?.problem?.ErrorCode;
  if (code && INVITE_ERROR_CODES.includes(code)) return { kind: 'invite', inviteErrorCode: `errors.${code}` };
  if (code === 'sign_in_confirmation_required') return { kind: 'confirm' };
  if (code === 'expired_token') return { kind: 'expired' };
  // A malformed token is as useless as a spent one.
  if (code === 'invalid_token' || code === 'validation_failed') return { kind: 'used' };
  if (failure?.status === 0) return { kind: 'network' };
  return { kind: 'general' };
}
