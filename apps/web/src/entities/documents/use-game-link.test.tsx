// @vitest-environment jsdom
import { DEFAULT_BRANDING } from '@fxid/contract/branding';
import { cleanup, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, testApi } from '../../test/app-test-kit';
import { useGameLink } from './use-game-link';

afterEach(cleanup);

function Shown({ link, game }: { link: string; game: string }) {
  return <output>{useGameLink(link, game)}</output>;
}

/** Renders the links of gem-garden, whose public configuration names its own legal pages. */
function renderLinks(links: string[]) {
  const asked: string[] = [];
  const api = testApi(async (request) => {
    asked.push(new URL(request.url).pathname);
    return jsonResponse({
      PublicGameData: { TosUrl: 'https://studio.example/legal/v2', PpUrl: 'https://studio.example/data-notice' },
      PublicWebClientConfig: {},
      CompanyBranding: { ...DEFAULT_BRANDING, ExternalPpUrl: 'https://company.example/gdpr' },
    });
  });
  const { view } = renderWithApp(
    <MemoryRouter>
      {links.map((link) => (
        <Shown key={link} link={link} game="gem-garden" />
      ))}
    </MemoryRouter>,
    { api },
  );
  return { asked, shown: () => [...view.container.querySelectorAll('output')].map((output) => output.textContent) };
}

describe("a game's link", () => {
  it("leads to the portal's viewer when it is the game's own terms or privacy address, whatever its file name", async () => {
    const { asked, shown } = renderLinks([
      'https://studio.example/legal/v2/',
      'https://studio.example/data-notice',
      'https://company.example/gdpr',
      'https://studio.example/blog',
    ]);
    await waitFor(() =>
      expect(shown()).toEqual([
        '/Docs/tos?game=gem-garden',
        '/Docs/pp?game=gem-garden',
        '/Docs/pp?game=gem-garden',
        'https://studio.example/blog',
      ]),
    );
    expect(asked).toEqual(['/api/v1/public_game_config/gem-garden']);
  });
});
