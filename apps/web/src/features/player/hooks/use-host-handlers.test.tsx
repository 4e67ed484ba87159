// @vitest-environment jsdom
import { loadAdapter, type PlatformAdapter, type PortalFeatures } from '@fxid/platforms';
import { type HostHandlers, resolvePath } from '@fxid/sdk/host';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dueDocument as doc } from '../../../entities/documents/document-fixtures';
import type { LegalDocument } from '../../../entities/documents/documents-api';
import type { Account } from '../../../entities/profile/api/account';
import { messages as en } from '../../../shared/i18n/locales/en';
import { clearAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { provideSignIn } from '../../../shared/lib/sign-in-request';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { type PlayerState, useHostHandlers } from './use-host-handlers';

// The channel itself is the SDK's (tested there): here the handlers are called as it would call them.
const channel = vi.hoisted(() => ({ handlers: undefined as HostHandlers | undefined }));
vi.mock('../host/use-game-host', () => ({
  useGameHost: (_frame: unknown, _url: unknown, handlers: HostHandlers) => {
    channel.handlers = handlers;
    return { current: null };
  },
}));

/** The own site's adapter, lending the portal features the hook fills in. */
const features: { current: PortalFeatures | null } = { current: null };
let adapter: PlatformAdapter;

beforeAll(async () => {
  const portal = new Proxy({} as PortalFeatures, {
    get: (_target, key) => features.current?.[key as keyof PortalFeatures],
  });
  adapter = (await loadAdapter('fxid'))({
    game: 'gem-garden',
    launchQuery: '',
    locale: () => 'en',
    portal,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });
  // The modals load the markdown renderer lazily; loaded once here so a slow first transform cannot outlast a wait.
  await import('../../../shared/ui/MarkdownContent');
});
beforeEach(() => clearAuthToken());
afterEach(cleanup);

const ACCOUNT: Account = {
  AccountId: 'acc-1',
  Name: 'Ada',
  Email: 'ada@example.com',
  EmailValidated: true,
  MarketingEnabled: false,
  Guest: false,
  HasEmail: true,
  HasCompletedOrder: false,
  GeoCountry: 'DE',
  Locale: 'en',
  Features: [],
  SocialIdentifiers: [],
  ConnectedGames: [],
};

/** A fake server: the profile, the documents still due (until accepted) and every document; records accepts. */
function fakeServer(due: LegalDocument[]) {
  const accepted: unknown[] = [];
  const pending = [...due];
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/profile')) return jsonResponse(ACCOUNT);
    if (path.endsWith('/list-latest-unaccepted-documents')) return jsonResponse({ Documents: pending });
    if (path.endsWith('/list-with-versions')) return jsonResponse({ Documents: due });
    if (path.endsWith('/documents/accept')) {
      const body = (await request.json()) as { DocumentId: number };
      accepted.push(body);
      pending.splice(
        pending.findIndex((document) => document.Id === body.DocumentId),
        1,
      );
      return jsonResponse({});
    }
    const id = Number(path.match(/documents\/(\d+)$/)?.[1]);
    const found = due.find((document) => document.Id === id);
    return found ? jsonResponse(found) : jsonResponse({ title: 'Not found' }, 404);
  });
  return { api, accepted };
}

function Harness(state: PlayerState) {
  useHostHandlers(state, null, adapter, features);
  return null;
}

/** The player page's handlers for a guest or for a signed-in player. */
function mount(api: ReturnType<typeof testApi>, signedIn: boolean) {
  if (signedIn) storeAuthToken('token-1');
  const state: PlayerState = {
    game: 'gem-garden',
    platform: 'FxId',
    name: 'Gem Garden',
    gameUrl: undefined,
    account: signedIn ? ACCOUNT : undefined,
    token: signedIn ? 'token-1' : null,
    gameJwt: undefined,
    publicConfig: undefined,
    isMobile: false,
    onLoadingReady: () => {},
  };
  renderWithApp(
    <ModalProvider>
      <Harness {...state} />
    </ModalProvider>,
    { api },
  );
  const { handlers } = channel;
  if (!handlers) throw new Error('no handlers');
  /** Calls a handler by its dotted path, as the channel does. */
  return async (path: string, params?: unknown) => {
    const found = resolvePath(handlers, path);
    if ('error' in found) throw found.error;
    return found.fn.call(found.self, params);
  };
}

describe("the player page's answers to the game", () => {
  it('asks a guest pressing Support to sign in, then opens the report-issue form with their email', async () => {
    const call = mount(fakeServer([]).api, false);
    const withdraw = provideSignIn(async () => {
      storeAuthToken('token-1');
      return true;
    });
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = call('createSupportRequest', { subject: 'payment_issues' });
    });
    const email = await screen.findByLabelText(en.support.email, {}, { timeout: 5000 });
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(en.support.subject) as HTMLSelectElement).value).toBe('payment_issues');
    fireEvent.click(screen.getByRole('button', { name: en.common.cancel }));
    await expect(answer).resolves.toEqual({ sent: false });
    withdraw();
  });

  it('answers guest when the guest closes the login instead, and opens no form', async () => {
    const call = mount(fakeServer([]).api, false);
    const signIn = vi.fn(async () => false);
    const withdraw = provideSignIn(signIn);
    await expect(call('createSupportRequest', {})).rejects.toMatchObject({ code: 'guest' });
    expect(signIn).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    withdraw();
  });

  it('has a due version of the asked document accepted first, and shows the viewer once none is due', async () => {
    const { api, accepted } = fakeServer([doc(7, '# Gem Garden terms', 'TOS'), doc(8, '# Gem Garden privacy', 'PP')]);
    const call = mount(api, true);
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = call('documents', { type: 'tos' });
    });
    expect((await screen.findByText(en.documents.acceptTitle)).textContent).toBe(en.documents.acceptTitle);
    const terms = await screen.findByRole('heading', { name: 'Gem Garden terms' }, { timeout: 5000 });
    expect(terms.closest('[role="dialog"]')).not.toBeNull();
    // No viewer yet: the terms are read in the accept modal, and the due privacy policy was not asked about.
    expect(screen.queryByRole('heading', { name: 'Gem Garden privacy' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: en.docs.tos })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.documents.accept }));
    await expect(answer).resolves.toEqual({ shown: true });
    expect(accepted).toEqual([{ DocumentId: 7, DocumentVersionId: 71 }]);
    await waitFor(() => expect(screen.queryByText(en.documents.acceptTitle)).toBeNull());

    // Accepted now: asking again shows the terms in the viewer.
    act(() => {
      answer = call('documents', { type: 'tos' });
    });
    await expect(answer).resolves.toEqual({ shown: true });
    const dialog = await screen.findByRole('dialog', { name: en.docs.tos });
    const shownTerms = await screen.findByRole('heading', { name: 'Gem Garden terms' });
    expect(dialog.contains(shownTerms)).toBe(true);
    expect(accepted).toHaveLength(1);
  });
});
