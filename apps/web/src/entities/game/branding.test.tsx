// @vitest-environment jsdom
import { DEFAULT_BRANDING } from '@fxid/contract/branding';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, testApi } from '../../test/app-test-kit';
import { useBranding } from './branding';

afterEach(cleanup);

/** Renders useBranding against a fake server with `games` in the catalog; `current()` is what it last returned. */
function renderBranding(games: string[], companyName = 'Foxhound Interactive') {
  let last: ReturnType<typeof useBranding> | undefined;
  function Probe() {
    last = useBranding();
    return null;
  }
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/games/list') {
      return jsonResponse({ AvailableGames: games.map((GameSystemName) => ({ GameSystemName })) });
    }
    return jsonResponse({
      PublicGameData: {},
      PublicWebClientConfig: {},
      CompanyBranding: { ...DEFAULT_BRANDING, CompanyName: companyName },
    });
  });
  renderWithApp(<Probe />, { api });
  return { current: () => last };
}

describe('the company branding', () => {
  it("is the contract's default, the server's own, while nothing is published", async () => {
    const { current } = renderBranding([]);
    expect(current()?.branding).toBe(DEFAULT_BRANDING);
    // Still the default once the empty catalog has answered.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(current()).toEqual({ branding: DEFAULT_BRANDING, loaded: false });
  });

  it("is the default until the first game's public configuration brings the company's", async () => {
    const { current } = renderBranding(['gem-garden']);
    expect(current()?.branding).toBe(DEFAULT_BRANDING);
    await waitFor(() => expect(current()?.loaded).toBe(true));
    expect(current()?.branding.CompanyName).toBe('Foxhound Interactive');
  });
});
