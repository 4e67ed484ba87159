// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientContext } from '../../../shared/api/api-context';
import { createQueryClient } from '../../../shared/api/query-client';
import { messages as en } from '../../../shared/i18n/locales/en';
import { AUTH_TOKEN_KEY } from '../../../shared/lib/auth-token';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, testApi } from '../../../test/app-test-kit';
import { renderModal } from '../../../test/modal-test-kit';
import type { Friend } from '../api/friends';
import { SocialModal } from './SocialModal';

beforeEach(() => localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const DAY = 24 * 60 * 60 * 1000;

function friend(overrides: Partial<Friend>): Friend {
  return {
    FriendAccountId: 'acc-1',
    GameId: 'game-sky',
    Game: 'sky-runner',
    InThisGame: true,
    LastUpdatedAt: Date.UTC(2026, 10, 20),
    Name: 'Ada',
    Status: 'Level 12',
    Priority: 0,
    ...overrides,
  };
}

/** Opens the modal for sky-runner against a fake server answering `friends`; `bodies` collects the requests. */
function open(friends: Friend[], answer: (call: number) => Response = () => jsonResponse({ Friends: friends })) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/v1/friends/get');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    bodies.push(await request.json());
    return answer(bodies.length - 1);
  });
  renderModal(
    <ApiClientContext.Provider value={testApi(fetch)}>
      <QueryClientProvider client={createQueryClient()}>
        <ModalProvider>
          <SocialModal game="sky-runner" name="Sky Runner" />
        </ModalProvider>
      </QueryClientProvider>
    </ApiClientContext.Provider>,
  );
  return { bodies };
}

describe('the social modal', () => {
  it('counts the friends in its title and shows only statuses set in the current game', async () => {
    const { bodies } = open([
      friend({}),
      // Their latest status is from another game: the friend is listed, the status is not.
      friend({
        FriendAccountId: 'acc-2',
        GameId: 'game-gem',
        Game: 'gem-garden',
        InThisGame: false,
        LastUpdatedAt: Date.UTC(2026, 10, 20) - 30 * DAY,
        Name: 'Grace',
        Status: 'Garden level 3',
      }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Friends (2)' });
    expect(bodies).toEqual([{ Game: 'sky-runner' }]);
    const rows = within(dialog).getAllByTestId('friend');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Ada', 'Grace']);
    expect(rows[0]?.textContent).toContain('Level 12');
    expect(rows[1]?.textContent).toContain(en.friends.noStatus);
    expect(within(dialog).queryByText('Garden level 3')).toBeNull();
    expect(within(dialog).getByRole('button', { name: en.friends.invite }).hasAttribute('disabled')).toBe(false);
  });

  it("says 'No friends yet' when the player has none", async () => {
    open([]);
    const dialog = await screen.findByRole('dialog', { name: 'Friends (0)' });
    expect(dialog.textContent).toContain(en.friends.empty);
    expect(within(dialog).queryAllByTestId('friend')).toHaveLength(0);
  });

  it('offers to try again when the list could not be loaded', async () => {
    const failure = () =>
      jsonResponse({ type: 'about:blank', title: 'x', status: 503, ErrorCode: 'service_unavailable' }, 503);
    // The first load fails, its one retry too; the player's try again answers.
    const { bodies } = open([friend({})], (call) => (call < 2 ? failure() : jsonResponse({ Friends: [friend({})] })));
    const retry = await screen.findByRole('button', { name: en.common.tryAgain }, { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toBe(en.friends.loadFailed);
    const failedCalls = bodies.length;
    fireEvent.click(retry);
    expect((await screen.findAllByTestId('friend')).map((row) => row.querySelector('p')?.textContent)).toEqual(['Ada']);
    expect(bodies.length).toBeGreaterThan(failedCalls);
  });
});
