// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { browserNonce } from '../lib/browser-nonce';
import { LoginValidateEmailPage } from './LoginValidateEmailPage';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const CONFIRM_FIRST = {
  type: 'urn:fxid:error:sign_in_confirmation_required',
  title: 'Confirm the sign-in on this device',
  status: 403,
  detail: 'This link was asked for in another browser; confirm to sign in here',
  instance: '/api/v1/auth/authenticate_from_email_invite',
  ErrorCode: 'sign_in_confirmation_required',
  L10NKey: 'errors.sign_in_confirmation_required',
  L10NParam: {},
  RequestId: 'r1',
};

/** The page at /LoginValidateEmail?inviteToken=… over a fake server that knows `nonce`. */
function open(token: string, nonce: string | undefined) {
  const spent: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/auth/authenticate_from_email_invite') {
      const body = (await request.json()) as Record<string, unknown>;
      spent.push(body);
      const proven = body.Confirmed === true || (nonce !== undefined && body.BrowserNonce === nonce);
      if (!proven) return jsonResponse(CONFIRM_FIRST, 403);
      return jsonResponse({ Success: true, Token: 'session-token-1', RedirectUri: '/Profile' });
    }
    if (path === '/api/v1/auth/email_invite_details') {
      return jsonResponse({
        Email: 'owner@example.com',
        RequestedAt: Date.UTC(2026, 10, 24, 9, 30),
        RequestedOn: 'Firefox on Windows',
      });
    }
    if (path === '/api/v1/analytics/track') return new Response(null, { status: 204 });
    throw new Error(`unexpected ${path}`);
  });
  renderWithApp(
    <MemoryRouter initialEntries={[`/LoginValidateEmail?inviteToken=${token}`]}>
      <Routes>
        <Route path="/LoginValidateEmail" element={<LoginValidateEmailPage />} />
        <Route path="/Profile" element={<p>profile page</p>} />
      </Routes>
    </MemoryRouter>,
    { api: testApi(fetch) },
  );
  return spent;
}

describe('opening an emailed sign-in link (security.md §12 row 32)', () => {
  it('signs in at once in the browser that asked for the link', async () => {
    const nonce = browserNonce();
    const spent = open('link-token-1', nonce);
    // Sent on to the Profile route: nothing of the sign-in page is left.
    await waitFor(() => expect(document.body.textContent).toBe('profile page'));
    expect(spent).toEqual([{ InviteToken: 'link-token-1', BrowserNonce: nonce }]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('session-token-1');
  });

  it('anywhere else, says whose sign-in it is and which device asked, and signs in only when confirmed', async () => {
    const spent = open('link-token-2', 'the-nonce-of-the-asking-browser-0000000');
    // The page's heading turns from "Signing in by email" into the question.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in as owner@example.com?'),
    );
    expect(screen.getByTestId('sign-in-requested-on').textContent).toMatch(
      /^This link was asked for on Firefox on Windows, /,
    );
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(spent).toEqual([{ InviteToken: 'link-token-2' }]);

    fireEvent.click(screen.getByTestId('confirm-sign-in'));
    // Sent on to the Profile route: nothing of the sign-in page is left.
    await waitFor(() => expect(document.body.textContent).toBe('profile page'));
    expect(spent.at(-1)).toEqual({ InviteToken: 'link-token-2', Confirmed: true });
    await waitFor(() => expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('session-token-1'));
  });
});
