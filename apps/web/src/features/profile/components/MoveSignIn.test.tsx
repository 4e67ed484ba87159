// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../entities/profile/api/account';
import { readAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { MoveSignIn } from './MoveSignIn';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ACCOUNT = {
  AccountId: 'acc-1',
  SocialIdentifiers: [
    { Type: 'Email', Id: 'me@example.com' },
    { Type: 'Google', Id: 'g-1' },
  ],
} as unknown as Account;
const CODE = 'move-code-0123456789abcdef';

function open(answers: Record<string, () => Response>) {
  storeAuthToken('bearer-1');
  const sent: { path: string; body: unknown; authorization: string | null }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    sent.push({ path, body: await request.json(), authorization: request.headers.get('authorization') });
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer();
  });
  const reload = vi.fn();
  renderWithApp(<MoveSignIn account={ACCOUNT} reload={reload} />, { api: testApi(fetch) });
  return { sent, reload };
}

describe('moving a sign-in between accounts', () => {
  it('makes a move code for a sign-in of this account, never for its email', async () => {
    const { sent } = open({
      '/api/v1/auth/create_import_token': () => jsonResponse({ ImportToken: CODE, ExpiresAt: '2026-11-23T12:15:00Z' }),
    });
    expect(screen.getAllByRole('button', { name: /Move code for/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move code for Google' }));
    await waitFor(() => expect(screen.getByTestId('move-code')).toHaveProperty('value', CODE));
    expect(sent[0]).toEqual({
      path: '/api/v1/auth/create_import_token',
      body: { SocialIdentifierType: 'Google', SocialIdentifier: 'g-1' },
      authorization: 'Bearer bearer-1',
    });
  });

  it('checks a code, shows what moves, and moves it only when confirmed, then reloads as this account', async () => {
    const { sent, reload } = open({
      '/api/v1/auth/import_details': () =>
        jsonResponse({
          SocialIdentifierType: 'Apple',
          SocialIdentifier: 'a-9',
          FromAccountId: 'acc-2',
          FromEmail: null,
        }),
      '/api/v1/auth/authenticate_from_import': () => jsonResponse({ Token: 'bearer-2' }),
    });
    fireEvent.change(screen.getByLabelText('Move code from your other account'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText('Apple a-9 will leave its account and sign in to this one from now on.');
    expect(sent.map((call) => call.path)).toEqual(['/api/v1/auth/import_details']);
    fireEvent.click(screen.getByRole('button', { name: 'Move it here' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sent[1]?.body).toEqual({
      SocialIdentifierType: 'Apple',
      SocialIdentifier: 'a-9',
      ImportToken: CODE,
      Confirmed: true,
    });
    expect(readAuthToken()).toBe('bearer-2');
  });

  it("says why a move was refused: a used code, or the other account's last way in", async () => {
    const problem = (code: string, status: number) => () =>
      jsonResponse({ type: `urn:fxid:error:${code}`, title: 't', status, detail: 'd', ErrorCode: code }, status);
    open({ '/api/v1/auth/import_details': problem('invalid_token', 400) });
    fireEvent.change(screen.getByLabelText('Move code from your other account'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText('This code was already used, has expired or is not valid. Make a new one.');
    cleanup();
    const { reload } = open({
      '/api/v1/auth/import_details': () =>
        jsonResponse({
          SocialIdentifierType: 'Apple',
          SocialIdentifier: 'a-9',
          FromAccountId: 'acc-2',
          FromEmail: null,
        }),
      '/api/v1/auth/authenticate_from_import': problem('last_sign_in_method', 409),
    });
    fireEvent.change(screen.getByLabelText('Move code from your other account'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move it here' }));
    await screen.findByText('This is your only way to sign in. Add another before removing it.');
    expect(reload).not.toHaveBeenCalled();
    expect(readAuthToken()).toBe('bearer-1');
  });
});
