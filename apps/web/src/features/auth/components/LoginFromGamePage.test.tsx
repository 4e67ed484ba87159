// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { LoginFromGamePage } from './LoginFromGamePage';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The page at /LoginFromGame/sky-runner/{token} over a fake server answering `answer`. */
function open(token: string, answer: () => Response) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/auth/authenticate_from_game') {
      sent.push(await request.json());
      return answer();
    }
    if (path === '/api/v1/analytics/track') return new Response(null, { status: 204 });
    throw new Error(`unexpected ${path}`);
  });
  renderWithApp(
    <MemoryRouter initialEntries={[`/LoginFromGame/sky-runner/${token}`]}>
      <Routes>
        <Route path="/LoginFromGame/:game/:token" element={<LoginFromGamePage />} />
        <Route path="/play/:game" element={<p>player page</p>} />
        <Route path="/error" element={<p>error page</p>} />
      </Routes>
    </MemoryRouter>,
    { api: testApi(fetch) },
  );
  return sent;
}

describe('signing in from a game', () => {
  it("spends the game's token, keeps the session and opens the game", async () => {
    const sent = open('game-token-1', () => jsonResponse({ IsConnected: true, ConnectedData: { Token: 'session-9' } }));
    await waitFor(() => expect(document.body.textContent).toBe('player page'));
    expect(sent).toEqual([{ Game: 'sky-runner', Token: 'game-token-1' }]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('session-9');
  });

  it('sends a game account that is no longer connected to the error page, signed out', async () => {
    open('game-token-2', () => jsonResponse({ IsConnected: false, NotConnectedData: { GameAccountName: 'uid-1' } }));
    await waitFor(() => expect(document.body.textContent).toBe('error page'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('says a spent token was used', async () => {
    open('game-token-3', () =>
      jsonResponse(
        { type: 'urn:fxid:error:invalid_token', title: 't', status: 400, detail: 'd', ErrorCode: 'invalid_token' },
        400,
      ),
    );
    await waitFor(() => expect(document.querySelector('[data-testid="sign-in-link-problem"]')).not.toBeNull());
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
