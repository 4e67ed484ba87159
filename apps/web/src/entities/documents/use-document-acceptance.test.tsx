// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as en } from '../../shared/i18n/locales/en';
import { ModalProvider } from '../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, TEST_PAGE_CONFIG, testApi } from '../../test/app-test-kit';
import type { LegalDocument } from './documents-api';
import { type AcceptanceRequest, useDocumentAcceptance } from './use-document-acceptance';

afterEach(cleanup);

/** A privacy policy due for acceptance whose version has no text: the modal links to the viewer route. */
const WITHOUT_TEXT: LegalDocument = {
  Id: 5,
  DocumentType: { Value: 'PP', NeedUserAcceptance: true },
  CreatedAt: '2026-01-15T00:00:00.000Z',
  IsActive: true,
  GameSystemName: 'gem-garden',
  Region: 'All',
  Versions: [
    {
      Id: 51,
      Content: { Value: '', ContentType: 'Markdown', Locale: 'en', Locales: ['en'] },
      CreatedAt: '2026-01-15T00:00:00.000Z',
      DocumentId: 5,
      Accepts: [],
    },
  ],
};

/** Runs the acceptance of gem-garden's documents on a site of the given mode; answers the modal's link. */
async function linkShown(fixedGame?: string) {
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/list-latest-unaccepted-documents')) return jsonResponse({ Documents: [WITHOUT_TEXT] });
    if (path.endsWith('/documents/accept')) return jsonResponse({});
    return jsonResponse(WITHOUT_TEXT);
  });
  let run: ((request: AcceptanceRequest) => Promise<number>) | undefined;
  function Grab() {
    run = useDocumentAcceptance();
    return null;
  }
  renderWithApp(
    <ModalProvider>
      <Grab />
    </ModalProvider>,
    { api, config: { ...TEST_PAGE_CONFIG, ...(fixedGame ? { FixedGame: fixedGame } : {}) } },
  );
  let done: Promise<number> = Promise.resolve(0);
  act(() => {
    done = run?.({ game: 'gem-garden', token: 'token-1' }) ?? done;
  });
  const link = await screen.findByRole('link', { name: /Privacy Policy/ }, { timeout: 5000 });
  const href = new URL(link.getAttribute('href') ?? '');
  fireEvent.click(screen.getByRole('button', { name: en.documents.accept }));
  await expect(done).resolves.toBe(1);
  return `${href.pathname}${href.search}`;
}

describe('the accept-document link to a document without text', () => {
  it("names the game on a multi-game site, whose viewer would otherwise show the catalog's first game", async () => {
    expect(await linkShown()).toBe('/Docs/pp?game=gem-garden');
  });

  it('names no game on a single-game site, whose routes carry none', async () => {
    expect(await linkShown('gem-garden')).toBe('/Docs/pp');
  });
});
