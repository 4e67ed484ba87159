// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Dialog } from 'radix-ui';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../../shared/i18n/locales/en';
import { messages as ru } from '../../../shared/i18n/locales/ru';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { englishI18n, jsonResponse, renderWithApp, testApi, testI18n } from '../../../test/app-test-kit';
import type { Account } from '../api/account';
import { ProfileModal } from './ProfileModal';

beforeEach(() => localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const ACCOUNT: Account = {
  AccountId: 'acc-ada',
  Name: 'Ada',
  Email: 'ada@example.com',
  EmailValidated: true,
  MarketingEnabled: false,
  GeoCountry: null,
  Locale: null,
  Guest: false,
  HasEmail: true,
  HasCompletedOrder: false,
  Features: [],
  SocialIdentifiers: [],
  ConnectedGames: [],
};

/**
 * Opens the modal on `path` the way the player toolbar does: the modal stack lives in the
 * root shell, above the player route. Returns the profile requests the fake server saw.
 */
function openAt(path: string, account: Account = ACCOUNT, i18n = englishI18n) {
  const profileRequests: string[] = [];
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/auth/create_link_code') {
      return jsonResponse({ LinkCode: 'ABCDE-FGHJK', ExpiresAt: '2026-11-23T12:10:00.000Z' });
    }
    if (path !== '/api/v1/profile') return jsonResponse({ AvailableGames: [] });
    profileRequests.push(path);
    return jsonResponse(account);
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <ModalProvider>
            <Dialog.Root open>
              <ProfileModal />
            </Dialog.Root>
            <Outlet />
          </ModalProvider>
        ),
        children: ['play/:game', 'play/:game/iframe/:adapter'].map((child) => ({ path: child, element: null })),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithApp(<RouterProvider router={router} />, { api, i18n });
  return { profileRequests };
}

describe('the profile modal', () => {
  it('shows the full profile on the portal itself', async () => {
    const { profileRequests } = openAt('/play/sky-runner');
    const dialog = await screen.findByRole('dialog', { name: 'Ada' });
    expect(dialog.textContent).toContain('ada@example.com');
    expect(within(dialog).queryByText(en.profile.embedded)).toBeNull();
    expect(profileRequests).toEqual(['/api/v1/profile']);
  });

  it('shows only the reassurance inside a social platform to an account with an email', async () => {
    const { profileRequests } = openAt('/play/sky-runner/iframe/vkcom');
    const dialog = await screen.findByRole('dialog', { name: en.profile.title });
    expect(dialog.textContent).toContain(en.profile.embedded);
    // The account is read only to know whether it can be linked: it is a web account already.
    await vi.waitFor(() => expect(profileRequests).toEqual(['/api/v1/profile']));
    expect(within(dialog).queryByText('ada@example.com')).toBeNull();
    expect(within(dialog).queryByText(en.profile.userId)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: en.profile.linkFromGame })).toBeNull();
  });

  it('offers a platform-only account a link code for its fxid account, with a link to the site', async () => {
    const vkOnly: Account = {
      ...ACCOUNT,
      Email: null,
      HasEmail: false,
      SocialIdentifiers: [{ Type: 'VkontakteCom', Id: '100000001' }],
    };
    openAt('/play/sky-runner/iframe/vkcom', vkOnly);
    const dialog = await screen.findByRole('dialog', { name: en.profile.title });
    (await within(dialog).findByRole('button', { name: en.profile.linkFromGame })).click();
    expect((await within(dialog).findByTestId('link-code')).textContent).toBe('ABCDE-FGHJK');
    const link = within(dialog).getByRole('link', { name: en.profile.linkOpenSite });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/Profile?link_code=ABCDE-FGHJK`);
  });

  it('offers nothing to link for a platform guest', async () => {
    const guest: Account = {
      ...ACCOUNT,
      Email: null,
      HasEmail: false,
      SocialIdentifiers: [{ Type: 'YandexGamesGuest', Id: 'ya-1' }],
    };
    const { profileRequests } = openAt('/play/sky-runner/iframe/yandex', guest);
    const dialog = await screen.findByRole('dialog', { name: en.profile.title });
    await vi.waitFor(() => expect(profileRequests).toEqual(['/api/v1/profile']));
    expect(within(dialog).queryByRole('button', { name: en.profile.linkFromGame })).toBeNull();
  });

  it('shows only the reassurance when the portal runs inside an iframe', async () => {
    // In a frame the window is not the top one.
    vi.spyOn(window, 'self', 'get').mockReturnValue({} as Window & typeof globalThis);
    const { profileRequests } = openAt('/play/sky-runner');
    const dialog = await screen.findByRole('dialog', { name: en.profile.title });
    expect(dialog.textContent).toContain(en.profile.embedded);
    expect(within(dialog).queryByText('ada@example.com')).toBeNull();
    await vi.waitFor(() => expect(profileRequests).toEqual(['/api/v1/profile']));
  });

  it('names the sign-in methods for people, not by their enum names', async () => {
    const account: Account = {
      ...ACCOUNT,
      SocialIdentifiers: [
        { Type: 'Email', Id: 'ada@example.com' },
        { Type: 'VkontakteComOauth', Id: 'vk-1' },
        { Type: 'FxIdGuest', Id: 'guest-1' },
        { Type: 'YandexGamesGuest', Id: 'ya-1' },
      ],
    };
    openAt('/play/sky-runner', account, testI18n('ru', { en, ru }));
    const list = await screen.findByTestId('social-identifiers');
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.font-medium')?.textContent);
    expect(names).toEqual(['VK ID', 'Гость', 'Гость на Yandex Games']);
  });
});
