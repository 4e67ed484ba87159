import { GameConnectionResult, type GameConnectionResultName, type InviteState } from '@fxid/contract';
import type { ConnectInviteRow } from './invites-repository.js';

/** An address with most of the local part hidden: enough for a player to recognise it, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const isResultName = (value: string | null): value is GameConnectionResultName =>
  value !== null && Object.hasOwn(GameConnectionResult, value);

/** Where a game account stands, from its connection (if any) and its latest invite (if any). */
export function toInviteStatus(connected: boolean, invite: ConnectInviteRow | undefined, now: number) {
  const status = (state: InviteState, result: GameConnectionResultName) => ({
    State: state,
    Connected: state === 'Connected',
    Result: result,
    ResultCode: GameConnectionResult[result],
    EmailHint: invite ? maskEmail(invite.email) : null,
    ExpiresAt: state === 'Pending' && invite ? new Date(invite.expires_at).toISOString() : null,
  });
  if (connected) return status('Connected', 'Success');
  if (!invite) return status('NotConnected', 'GameTypeNotConnected');
  if (invite.consumed_at === null) {
    return invite.expires_at > now ? status('Pending', 'Created') : status('Expired', 'Timeout');
  }
  // Used, but the game account is not connected now: the connection failed (or was undone since).
  const result = isResultName(invite.result) && GameConnectionResult[invite.result] >= 1000 ? invite.result : 'Unknown';
  return status('Failed', result);
}
