// @vitest-environment jsdom
import * as contract from '@fxid/contract';
import { cleanup, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_EVENT_ID } from '../../../entities/analytics/login-event';
import { ANALYTICS_PLATFORM_WEB, PAGE_SESSION_ID } from '../../../entities/analytics/session';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { LoginWithTempTokenPage } from './LoginWithTempTokenPage';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The page at /LoginWithTempToken?token=… over a fake server; `tracked` collects analytics calls. */
function open(token: string, trackAnswer: () => Response = () => new Response(null, { status: 204 })) {
  const tracked: { body: unknown; authorization: string | null }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/auth/authenticate_from_temp_token') {
      return jsonResponse({
        Token: 'session-token-1',
        TempTokenData: { redirect_uri: '/Profile', order_public_id: null, merchant_redirect_type: null },
      });
    }
    if (path === '/api/v1/analytics/track') {
      tracked.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return trackAnswer();
    }
    throw new Error(`unexpected ${path}`);
  });
  renderWithApp(
    <MemoryRouter initialEntries={[`/LoginWithTempToken?token=${token}`]}>
      <Routes>
        <Route path="/LoginWithTempToken" element={<LoginWithTempTokenPage />} />
        <Route path="/Profile" element={<p>profile page</p>} />
      </Routes>
    </MemoryRouter>,
    { api: testApi(fetch) },
  );
  return tracked;
}

describe('signing in with a temp token', () => {
  it('records a login event for the new session, then goes where the token says', async () => {
    const tracked = open('temp-1');
    // Sent on to the Profile route: nothing of the sign-in page is left.
    await waitFor(() => expect(document.body.textContent).toBe('profile page'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('session-token-1');
    await waitFor(() => expect(tracked).toHaveLength(1));
    expect(tracked[0]).toEqual({
      authorization: 'Bearer session-token-1',
      body: {
        SessionId: PAGE_SESSION_ID,
        Platform: ANALYTICS_PLATFORM_WEB,
        BuildId: expect.stringMatching(/^\d+\.\d+\.\d+$/),
        Events: [{ EventId: LOGIN_EVENT_ID, CreatedAt: expect.any(Number), S1: 'temp_token' }],
      },
    });
    // The portal's event ids stay within the contract's range.
    expect(LOGIN_EVENT_ID).toBeGreaterThanOrEqual(contract.ANALYTICS_EVENT_ID_MIN);
    expect(LOGIN_EVENT_ID).toBeLessThanOrEqual(contract.ANALYTICS_EVENT_ID_MAX);
  });

  it('signs in even when the event cannot be recorded', async () => {
    // A token of its own: the page spends each token once per page load.
    const tracked = open('temp-2', () => jsonResponse({ type: 'about:blank', title: 'x', status: 500 }, 500));
    // Sent on to the Profile route: nothing of the sign-in page is left.
    await waitFor(() => expect(document.body.textContent).toBe('profile page'));
    await waitFor(() => expect(tracked).toHaveLength(1));
  });
});
