// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Dialog } from 'radix-ui';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as en } from '../../../shared/i18n/locales/en';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, TEST_PAGE_CONFIG, testApi } from '../../../test/app-test-kit';
import { LoginModal } from './LoginModal';

afterEach(cleanup);

/**
 * Opens the login modal at `entry` (as the header does), asks for the link through the
 * offline robot check and returns the RedirectUri the emailed link will carry.
 */
async function emailedRedirect(entry: { pathname: string; state?: unknown }): Promise<unknown> {
  const invites: Record<string, unknown>[] = [];
  const api = testApi(async (request) => {
    if (new URL(request.url).pathname !== '/api/v1/invite/email_invite') return jsonResponse({}, 404);
    invites.push((await request.json()) as Record<string, unknown>);
    return jsonResponse({ Success: true });
  });
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <ModalProvider>
        <Dialog.Root open>
          <LoginModal onClose={() => {}} />
        </Dialog.Root>
      </ModalProvider>
    </MemoryRouter>,
    { api },
  );
  fireEvent.change(await screen.findByLabelText(en.auth.emailLabel), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: en.auth.continue }));
  fireEvent.click(await screen.findByLabelText(en.auth.devRobotCheck));
  await screen.findByText(en.auth.useAnotherEmail);
  expect(invites).toHaveLength(1);
  return invites[0]?.RedirectUri;
}

describe('the login modal', () => {
  it('sends a guest redirected from /Profile back to /Profile by the emailed link', async () => {
    const state = { notice: 'profile.loginRequired', from: '/Profile' };
    expect(await emailedRedirect({ pathname: '/', state })).toBe('/Profile');
  });

  it('never sends the link to another site, whatever the navigation state says', async () => {
    const state = { notice: 'profile.loginRequired', from: 'https://evil.example/Profile' };
    expect(await emailedRedirect({ pathname: '/', state })).toBe('/');
  });

  it('otherwise returns to the page the player is on', async () => {
    expect(await emailedRedirect({ pathname: '/play/sky-runner' })).toBe('/play/sky-runner');
  });
});

describe('the login modal in development', () => {
  function openWith(DevPublicOrigin?: string) {
    renderWithApp(
      <MemoryRouter>
        <ModalProvider>
          <Dialog.Root open>
            <LoginModal onClose={() => {}} />
          </Dialog.Root>
        </ModalProvider>
      </MemoryRouter>,
      { api: testApi(async () => jsonResponse({}, 404)), config: { ...TEST_PAGE_CONFIG, ...{ DevPublicOrigin } } },
    );
  }

  it('says which address to open when sign-in links lead to another origin (127.0.0.1 for localhost)', async () => {
    window.history.replaceState(null, '', '/Store/sky-runner?x=1');
    openWith('http://127.0.0.1:8080');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(en.auth.devOrigin.replace('{{origin}}', 'http://127.0.0.1:8080'));
    expect(screen.getByRole('link', { name: 'http://127.0.0.1:8080/Store/sky-runner?x=1' }).getAttribute('href')).toBe(
      'http://127.0.0.1:8080/Store/sky-runner?x=1',
    );
    window.history.replaceState(null, '', '/');
  });

  it('says nothing when the page is at the origin of its links, or outside development', async () => {
    openWith(window.location.origin);
    await screen.findByLabelText(en.auth.emailLabel);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    openWith(undefined);
    await screen.findByLabelText(en.auth.emailLabel);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
