import { describe, expect, it } from 'vitest';
import { formatBody, inviteErrorKey, problemMessage } from './error-message';

describe('error page messages', () => {
  it('maps the invite error codes and anything else to the generic error', () => {
    expect(inviteErrorKey('errors.already_connected')).toBe('errors.alreadyConnected');
    expect(inviteErrorKey('errors.connected_to_another_account')).toBe('errors.connectedToAnotherAccount');
    expect(inviteErrorKey('errors.game_not_connected')).toBe('errors.gameNotConnected');
    expect(inviteErrorKey('errors.something_else')).toBe('error');
    expect(inviteErrorKey('toString')).toBe('error');
  });

  it('pretty-prints a JSON body and leaves other bodies as they are', () => {
    expect(formatBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatBody('<html>oops</html>')).toBe('<html>oops</html>');
  });

  it('uses the server L10N key when the portal knows it', () => {
    const body = JSON.stringify({ L10NKey: 'errors.game_not_found', L10NParam: { Game: 'x' } });
    expect(problemMessage(404, body)).toEqual({ key: 'errors.gameNotFound', params: { Game: 'x' } });
    expect(problemMessage(0, undefined).key).toBe('errors.network');
    expect(problemMessage(500, '{"L10NKey":"errors.unknown"}').key).toBe('errorPage.fallback');
  });
});
