// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../../shared/i18n/locales/en';
import { storeAuthToken } from '../../../shared/lib/auth-token';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { LinkGameAccount } from './LinkGameAccount';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const CODE = 'ABCDE-FGHJK';
const DETAILS = { SocialIdentifierType: 'VkontakteCom', SocialIdentifier: '100000001' };
const CONFIRM = 'VK account 100000001 will be added here.';
const problem = (code: string, status: number) => () =>
  jsonResponse({ type: `urn:fxid:error:${code}`, title: 't', status, detail: 'd', ErrorCode: code }, status);

/** The section on /Profile (with `search`), answering the link-code calls from `answers`. */
function open(answers: Record<string, () => Response>, search = '') {
  storeAuthToken('bearer-1');
  const sent: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    sent.push({ path, body: await request.json() });
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer();
  });
  const router = createMemoryRouter([{ path: '/Profile', element: <LinkGameAccount /> }], {
    initialEntries: [`/Profile${search}`],
  });
  renderWithApp(<RouterProvider router={router} />, { api: testApi(fetch) });
  return { sent, router };
}

describe('linking a game platform account on the Profile screen', () => {
  it("checks the link's code on arrival and links only when confirmed; the code then leaves the address", async () => {
    const { sent, router } = open(
      {
        '/api/v1/auth/link_code_details': () => jsonResponse(DETAILS),
        '/api/v1/auth/link_from_code': () => jsonResponse({ AccountId: 'acc-1', SocialIdentifiers: [] }),
      },
      `?link_code=${CODE}`,
    );
    await screen.findByText((text) => text.startsWith(CONFIRM));
    expect(sent).toEqual([{ path: '/api/v1/auth/link_code_details', body: { LinkCode: CODE } }]);
    fireEvent.click(screen.getByRole('button', { name: en.profile.linkDo }));
    await screen.findByText('VK now signs in to this account.');
    expect(sent[1]).toEqual({ path: '/api/v1/auth/link_from_code', body: { LinkCode: CODE, Confirmed: true } });
    expect(router.state.location.search).toBe('');
  });

  it('cancelling sends nothing more and drops the code', async () => {
    const { sent, router } = open(
      { '/api/v1/auth/link_code_details': () => jsonResponse(DETAILS) },
      `?link_code=${CODE}`,
    );
    await screen.findByText((text) => text.startsWith(CONFIRM));
    fireEvent.click(screen.getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sent.map((call) => call.path)).toEqual(['/api/v1/auth/link_code_details']);
    expect(screen.getByLabelText(en.profile.linkCodeInput)).toBeTruthy();
  });

  it('says why a typed code was refused: spent or expired, already here, too many tries', async () => {
    for (const [code, status, message] of [
      ['expired_token', 400, en.profile.linkCodeInvalid],
      ['identity_already_on_account', 409, en.errors.identityAlreadyOnAccount],
      ['rate_limited', 429, en.errors.rateLimited],
    ] as const) {
      open({ '/api/v1/auth/link_code_details': problem(code, status) });
      fireEvent.change(screen.getByLabelText(en.profile.linkCodeInput), { target: { value: 'abcde fghjk' } });
      fireEvent.click(screen.getByRole('button', { name: en.profile.linkCheck }));
      await screen.findByText(message);
      cleanup();
    }
  });
});
