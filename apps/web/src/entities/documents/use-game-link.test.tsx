// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, testApi } from '../../test/app-test-kit';
import { FALLBACK_BRANDING } from '../game/branding';
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
      CompanyBranding: { ...FALLBACK_BRANDING, ExternalPpUrl: 'https://company.example/gdpr' },
    });
  });
  renderWithApp(
    <MemoryRouter>
      {links.map((link) => (
        <Shown key={link} link={link} game="gem-garden" />
      ))}
    </MemoryRouter>,
    { api },
  );
  return { asked };
}

describe("a game's link", () => {
  it("leads to the portal's viewer when it is the game's own terms or privacy address, whatever its file name", async () => {
    const { asked } = renderLinks([
      'https://studio.example/legal/v2/',
      'https://studio.example/data-notice',
      'https://company.example/gdpr',
      'https://studio.example/blog',
    ]);
    expect(await screen.findByText('/Docs/tos?game=gem-garden')).toBeTruthy();
    expect(screen.getAllByText('/Docs/pp?game=gem-garden')).toHaveLength(2);
    expect(screen.getByText('https://studio.example/blog')).toBeTruthy();
    expect(asked).toEqual(['/api/v1/public_game_config/gem-garden']);
  });
});
