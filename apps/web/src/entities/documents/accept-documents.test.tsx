// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createClient from 'openapi-fetch';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema';
import { messages as en } from '../../shared/i18n/locales/en';
import type { Logger } from '../../shared/lib/logger';
import { mountModals } from '../../test/modal-test-kit';
import { acceptPendingDocuments } from './accept-documents';
import { dueDocument as doc } from './document-fixtures';
import type { LegalDocument } from './documents-api';

beforeAll(async () => {
  // The modal loads the markdown renderer lazily; loaded here once, so a busy machine's
  // first transform of it cannot outlast a query's wait.
  await import('../../shared/ui/MarkdownContent');
});
afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: answers by path; `accepted` records every accept call's body. */
function fakeApi(routes: { list: () => Response; document?: (id: string) => Response; accept?: () => Response }) {
  const accepted: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    if (path.endsWith('/list-latest-unaccepted-documents')) return routes.list();
    if (path.endsWith('/documents/accept')) {
      accepted.push(await request.json());
      return routes.accept?.() ?? json(200, {});
    }
    const id = path.match(/documents\/(\d+)$/)?.[1];
    if (id) return routes.document?.(id) ?? json(404, { title: 'Not found' });
    throw new Error(`unexpected ${path}`);
  });
  const api = createClient<paths>({ baseUrl: 'http://localhost', fetch }) as ApiClient;
  return { api, accepted };
}

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn<(...args: unknown[]) => void>() };
}

function run(api: ApiClient, log: Logger, only?: (document: LegalDocument) => boolean) {
  const modals = mountModals();
  let done: Promise<number> = Promise.resolve(0);
  act(() => {
    done = acceptPendingDocuments({
      caller: { api, token: 'token-1', game: 'gem-garden', locale: 'en' },
      modals,
      logger: log,
      linkOf: (document) => `/Docs/${document.DocumentType.Value.toLowerCase()}`,
      ...(only ? { only } : {}),
    });
  });
  return done;
}

const accept = () => fireEvent.click(screen.getByRole('button', { name: en.documents.accept }));

describe('the accept-document modal', () => {
  it('shows each document due, in turn, with its markdown rendered inert, and accepts its latest version', async () => {
    const { api, accepted } = fakeApi({
      list: () =>
        json(200, {
          Documents: [doc(101, '# Terms\n\n<script>window.hacked = 1</script>\n\n**Play fair.**'), doc(102, '')],
        }),
      document: (id) =>
        json(
          200,
          id === '101'
            ? doc(101, '# Gem Garden terms\n\n<script>window.hacked = 1</script>\n\n**Play fair.**')
            : doc(102, ''),
        ),
    });
    const done = run(api, logger());
    const modal = await screen.findByRole('dialog', { name: en.documents.acceptTitle });
    // The document's markdown is rendered inside the accept modal.
    expect(modal.contains(await screen.findByRole('heading', { name: 'Gem Garden terms' }, { timeout: 5000 }))).toBe(
      true,
    );
    expect(screen.getByText('Play fair.').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    // The player must answer: no close button.
    expect(screen.queryByRole('button', { name: en.common.close })).toBeNull();
    accept();
    // A version without text is offered as a link.
    const link = await screen.findByRole('link', { name: /Read the Terms of Service/ });
    expect(link.getAttribute('href')).toBe('/Docs/tos');
    // Read in the document viewer, above the accept modal.
    fireEvent.click(link);
    const viewer = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect((await within(viewer).findByTitle('Terms of Service')).getAttribute('src')).toBe('/Docs/tos');
    fireEvent.click(within(viewer).getByRole('button', { name: en.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).toBeNull());
    accept();
    await expect(done).resolves.toBe(2);
    expect(accepted).toEqual([
      { DocumentId: 101, DocumentVersionId: 1011 },
      { DocumentId: 102, DocumentVersionId: 1021 },
    ]);
    await waitFor(() => expect(screen.queryByText(en.documents.acceptTitle)).toBeNull());
  });

  it('logs a document that cannot be fetched, then opens the normal modal from the list', async () => {
    const log = logger();
    const { api, accepted } = fakeApi({
      list: () => json(200, { Documents: [doc(101, 'Listed **terms**')] }),
      document: () => json(500, { title: 'Boom' }),
    });
    const done = run(api, log);
    expect((await screen.findByText('terms')).tagName).toBe('STRONG');
    expect(log.error).toHaveBeenCalledWith('document 101 could not be fetched', expect.anything());
    accept();
    await expect(done).resolves.toBe(1);
    expect(accepted).toHaveLength(1);
  });

  it('only logs a failed accept, and lets the player on', async () => {
    const log = logger();
    const { api } = fakeApi({
      list: () => json(200, { Documents: [doc(101, 'Terms')] }),
      document: () => json(200, doc(101, 'Terms')),
      accept: () => json(409, { title: 'Conflict' }),
    });
    const done = run(api, log);
    await screen.findByText('Terms');
    accept();
    await expect(done).resolves.toBe(1);
    expect(log.error).toHaveBeenCalledWith('document 101 could not be accepted', expect.anything());
  });

  // security.md §12 row 44: a document's markdown is server data; none of it may run.
  it('renders every XSS input of row 44 inert: no raw HTML, no handlers, no script or data URLs', async () => {
    const attacks = [
      '<script>window.hacked = 1</script>',
      '<img src=x onerror="window.hacked = 1">',
      '[plain](javascript:alert(1))',
      '[mixed](JaVaScRiPt:alert(1))',
      '[tabbed](java&#x09;script:alert(1))',
      '<javascript:alert(1)>',
      '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '<table><tr><td onmouseover="window.hacked = 1">raw cell</td></tr></table>',
      '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [cell](javascript:alert(1)) |',
    ];
    const text = `# Hostile terms\n\n${attacks.join('\n\n')}`;
    const { api } = fakeApi({
      list: () => json(200, { Documents: [doc(101, text)] }),
      document: () => json(200, doc(101, text)),
    });
    const done = run(api, logger());
    await screen.findByRole('heading', { name: 'Hostile terms' }, { timeout: 5000 });
    const content = screen.getByTestId('accept-document-content');
    // The markdown itself still renders: the link texts and the GFM table are there, as inert text.
    for (const name of ['plain', 'mixed', 'tabbed', 'cell']) expect(content.textContent).toContain(name);
    expect(content.querySelectorAll('table')).toHaveLength(1);

    expect(content.querySelector('script, iframe, object, embed, svg, style')).toBeNull();
    expect([...content.querySelectorAll('td')].some((cell) => cell.textContent === 'raw cell')).toBe(false);
    for (const element of content.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name, element.outerHTML).not.toMatch(/^on/i);
        if (attribute.name === 'href' || attribute.name === 'src') {
          // Browsers drop tabs, newlines and controls inside a scheme, so the check does too.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
          const scheme = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          expect(scheme, element.outerHTML).not.toMatch(/^(javascript|vbscript|data):/);
        }
      }
    }
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    accept();
    await expect(done).resolves.toBe(1);
  });

  it('shows nothing when the list cannot be fetched (logged) or holds only other documents', async () => {
    const log = logger();
    await expect(run(fakeApi({ list: () => json(503, {}) }).api, log)).resolves.toBe(0);
    expect(log.error).toHaveBeenCalledWith('documents to accept could not be listed', expect.anything());
    const pp = fakeApi({ list: () => json(200, { Documents: [doc(102, 'Privacy', 'PP')] }) });
    await expect(run(pp.api, logger(), (document) => document.DocumentType.Value === 'TOS')).resolves.toBe(0);
    expect(screen.queryByText(en.documents.acceptTitle)).toBeNull();
  });
});
