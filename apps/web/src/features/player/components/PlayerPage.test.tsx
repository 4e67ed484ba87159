// @vitest-environment jsdom

import { DEFAULT_BRANDING as FALLBACK_BRANDING } from '@fxid/contract/branding';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '../../../entities/news/news';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, TEST_PAGE_CONFIG, testApi } from '../../../test/app-test-kit';

// The game channel answers the game's SDK (tested on its own); the page only has to mount it.
vi.mock('./GameChannel', () => ({ GameChannel: () => null }));

const { PlayerPage } = await import('./PlayerPage');

beforeEach(() => {
  // jsdom has neither: the page asks whether the pointer is coarse and measures the game area.
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PUBLIC_CONFIG = {
  PublicGameData: { GameOrientation: 'Horizontal', MobileGameOrientation: 'Horizontal' },
  PublicWebClientConfig: { LoaderScreen: { BackgroundColor: '#000000', ImageUrl: '' } },
  CompanyBranding: FALLBACK_BRANDING,
};

const LAUNCH = {
  IframeGame: { IframeUrl: 'https://games.example/gem-garden/' },
  LaunchData: { AppendToQuery: '' },
};

function news(priority: NewsItem['Priority'], header: string): NewsItem {
  return {
    Id: header,
    CreatedAt: '2026-11-20T15:00:00.000Z',
    Priority: priority,
    Messages: [{ Locale: 'en', Header: header, Message: 'x' }],
    Tags: [],
  };
}

/** The API's answer for a game it does not know. */
const GAME_NOT_FOUND = {
  type: 'urn:fxid:error:game_not_found',
  title: 'Game not found',
  status: 404,
  detail: 'No game is called "no-such-game"',
  ErrorCode: 'game_not_found',
  L10NKey: 'errors.game_not_found',
  L10NParam: { Game: 'no-such-game' },
};

/** The player at `path` over a fake server; `newsAsked` records the body of every news request. */
function renderPlayer(path: string, fixedGame?: string) {
  const newsAsked: unknown[] = [];
  const api = testApi(async (request) => {
    const url = new URL(request.url).pathname;
    if (url.includes('/no-such-game')) return jsonResponse(GAME_NOT_FOUND, 404);
    if (url.endsWith('/info/news')) {
      const body = (await request.json()) as { GameSystemName?: string };
      newsAsked.push(body);
      return jsonResponse({
        News:
          body.GameSystemName === 'gem-garden'
            ? [news('Critical', 'Servers restart at noon'), news('Alert', 'New season'), news('Info', 'Patch notes')]
            : [],
      });
    }
    if (url.endsWith('/games/list')) return jsonResponse({ AvailableGames: [] });
    if (url.includes('/public_game_config/')) return jsonResponse(PUBLIC_CONFIG);
    if (url.includes('/play/')) return jsonResponse(LAUNCH);
    throw new Error(`unexpected ${url}`);
  });
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <ModalProvider>
        <Routes>
          <Route path="/play/:game" element={<PlayerPage />} />
          <Route path="/" element={<PlayerPage />} />
          <Route path="/error" element={<p>error page</p>} />
        </Routes>
      </ModalProvider>
    </MemoryRouter>,
    { api, config: { ...TEST_PAGE_CONFIG, ...(fixedGame ? { FixedGame: fixedGame } : {}) } },
  );
  return { newsAsked };
}

describe('the news above the game', () => {
  it.each([
    ['/play/gem-garden of the portal', '/play/gem-garden', undefined],
    ['the home of a single-game site', '/', 'gem-garden'],
  ])("shows the game's Alert and Critical news on %s", async (_, path, fixedGame) => {
    const { newsAsked } = renderPlayer(path, fixedGame);
    const alert = await screen.findByText('Servers restart at noon.', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Servers restart at noon.');
    expect(screen.getByText('New season.').textContent).toBe('New season.');
    expect(screen.queryByText('Patch notes.')).toBeNull();
    expect(newsAsked).toContainEqual({ Locale: 'en', GameSystemName: 'gem-garden' });
  });
});

describe('a game that does not exist', () => {
  it('is named to the player, with a way to all games, and no status or API address', async () => {
    renderPlayer('/play/no-such-game');
    const heading = await screen.findByRole('heading', { level: 1, name: en.player.notFoundTitle }, { timeout: 3000 });
    expect(heading.textContent).toBe(en.player.notFoundTitle);
    const message = en.player.notFound.replace('{{game}}', 'no-such-game');
    expect(screen.getByText(message).textContent).toBe(message);
    expect(screen.getByRole('link', { name: en.player.browseGames }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('error page')).toBeNull();
    expect(document.body.textContent).not.toMatch(/404|\/api\//);
  });
});
