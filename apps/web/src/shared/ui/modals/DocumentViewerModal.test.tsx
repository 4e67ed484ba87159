// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountModals, renderModal } from '../../../test/modal-test-kit';
import { messages as en } from '../../i18n/locales/en';
import { DocumentViewerModal } from './DocumentViewerModal';
import { openDocumentViewer } from './open-document-viewer';
import type { ViewerContent } from './viewer-content';

beforeAll(async () => {
  // Lazy parts loaded once up front, so a busy machine's first transform cannot outlast a wait.
  await Promise.all([import('../MarkdownContent'), import('./DocumentViewerModal'), import('./ModalStack')]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function deferred() {
  let resolve!: (content: ViewerContent) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<ViewerContent>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const button = (name: string) => screen.queryByRole('button', { name });

/** What a framed page of the portal's origin holds (jsdom loads no page into a frame). */
function showPage(frame: HTMLIFrameElement, html: string) {
  const page = frame.contentDocument as Document;
  page.replaceChildren();
  const root = page.createElement('html');
  root.innerHTML = `<head></head><body>${html}</body>`;
  page.append(root);
}

describe('the document viewer', () => {
  it('shows a spinner while loading, then the markdown rendered inert, with Print rather than Download', async () => {
    const modals = mountModals();
    const load = deferred();
    act(() => {
      openDocumentViewer(modals, 'Terms of Service', () => load.promise);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect((await within(dialog).findByRole('status')).textContent).toBe(en.common.loading);
    expect(button(en.common.print)).toBeNull();
    await act(async () =>
      load.resolve({ kind: 'markdown', text: '# Gem terms\n\n<script>window.x=1</script>\n\n**Fair**' }),
    );
    expect(dialog.contains(await screen.findByRole('heading', { name: 'Gem terms' }, { timeout: 5000 }))).toBe(true);
    expect(screen.getByText('Fair').tagName).toBe('STRONG');
    expect(dialog.querySelector('script')).toBeNull();
    expect(screen.queryByText(en.common.loading)).toBeNull();
    expect(button(en.common.download)).toBeNull();
    // The body scrolls past 70% of the viewport's height.
    expect(screen.getByTestId('document-viewer-body').className).toContain('max-h-[70vh]');

    fireEvent.click(button(en.common.print) as HTMLElement);
    // Printed alone, from a frame holding the document, not the page under the modal.
    const frame = document.querySelector<HTMLIFrameElement>('[data-testid="print-frame"]');
    expect(frame?.contentDocument?.title).toBe('Terms of Service');
    expect(frame?.contentDocument?.querySelector('h1')?.textContent).toBe('Gem terms');
  });

  it('shows a document that cannot be loaded as an error in red', async () => {
    const modals = mountModals();
    act(() => {
      openDocumentViewer(modals, 'Privacy Policy', () => Promise.reject(new Error('HTTP 500')));
    });
    const error = await screen.findByText(en.docs.loadError);
    expect(error.className).toContain('text-red-700');
    expect(button(en.common.print)).toBeNull();
  });

  it('offers Download for an image once it has loaded, saving it under its file name', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('png'));
    URL.createObjectURL = vi.fn(() => 'blob:terms');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const modals = mountModals();
    act(() => {
      openDocumentViewer(modals, 'Terms', async () => ({ kind: 'image', url: '/catalog/terms/page-1.png' }));
    });
    const image = await screen.findByRole('img', { name: 'Terms' });
    // The picture is still loading: a spinner, no Download yet.
    expect(screen.getByRole('status').textContent).toBe(en.common.loading);
    expect(button(en.common.download)).toBeNull();
    fireEvent.load(image);
    fireEvent.click(await screen.findByRole('button', { name: en.common.download }));
    expect(button(en.common.print)).toBeNull();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/catalog/terms/page-1.png');
    expect(clicked[0]?.download).toBe('page-1.png');
  });

  it('starts afresh after closing: the next opening loads again', async () => {
    const modals = mountModals();
    act(() => {
      openDocumentViewer(modals, 'Terms', async () => ({ kind: 'markdown', text: 'First version' }));
    });
    expect((await screen.findByText('First version', {}, { timeout: 5000 })).tagName).toBe('P');
    fireEvent.click(button(en.common.close) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const pending = deferred();
    act(() => {
      openDocumentViewer(modals, 'Terms', () => pending.promise);
    });
    expect((await screen.findByRole('status')).textContent).toBe(en.common.loading);
    expect(screen.queryByText('First version')).toBeNull();
  });
});

describe('a framed document that refuses to be framed', () => {
  async function showFrame(url: string) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onClose = vi.fn();
    renderModal(<DocumentViewerModal title="Terms" load={async () => ({ kind: 'iframe', url })} onClose={onClose} />);
    await act(async () => {});
    const frame = screen.getByTitle('Terms') as HTMLIFrameElement;
    fireEvent.load(frame);
    return { frame, onClose };
  }
  /** Whether the viewer says the page refused to be framed. */
  const refused = () => screen.queryByText(en.documents.frameRefused) !== null;
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('gives way to an open-in-new-page link at the check 2 s after it is shown', async () => {
    const { frame } = await showFrame('/docs/refusing');
    // Same origin as the portal, yet nothing to read: what the browser leaves of a refused page.
    expect(frame.contentDocument?.body?.textContent ?? '').toBe('');
    await advance(1_999);
    expect(refused()).toBe(false);
    await advance(1);
    expect(refused()).toBe(true);
    const link = screen.getByRole('link', { name: en.documents.openInNewPage });
    expect(link.getAttribute('href')).toBe('/docs/refusing');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByTitle('Terms')).toBeNull();
    expect(button(en.common.print)).toBeNull();
  });

  it('is checked again 3 s later, and a page that is readable at both checks stays', async () => {
    const { frame } = await showFrame('/docs/terms');
    showPage(frame, '<p>Terms</p>');
    await advance(2_000);
    expect(refused()).toBe(false);
    expect(button(en.common.print)?.hasAttribute('disabled')).toBe(false);
    // Gone blank after the first check: the second one catches it.
    showPage(frame, '');
    await advance(2_999);
    expect(refused()).toBe(false);
    await advance(1);
    expect(refused()).toBe(true);
  });

  it('keeps a readable page after both checks, with a way out to a new page all the same', async () => {
    const { frame, onClose } = await showFrame('/docs/terms');
    showPage(frame, '<p>Terms</p>');
    await advance(10_000);
    expect(refused()).toBe(false);
    expect(screen.getByTitle('Terms')).toBe(frame);
    expect(screen.getByRole('link', { name: en.documents.openInNewPage }).getAttribute('href')).toBe('/docs/terms');
    fireEvent.click(button(en.common.close) as HTMLElement);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
