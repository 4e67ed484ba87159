// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { englishI18n } from '../../../test/app-test-kit';
import { ModalFrame } from '../ModalFrame';
import { type ModalApi, ModalProvider, useModals } from './modal-manager';

beforeAll(async () => {
  await import('./ModalStack');
});
afterEach(cleanup);

/** A page with two buttons that open modals, as the header's Install and the footer's FAQ do. */
function renderPage() {
  let api: ModalApi | undefined;
  function Page() {
    api = useModals();
    const modals = useModals();
    const openInfo = (title: string) => () =>
      modals.open((close) => (
        <ModalFrame title={title}>
          <button type="button" onClick={close}>
            Done
          </button>
          <button type="button" onClick={() => modals.open(() => <ModalFrame title="Nested" />)}>
            More
          </button>
        </ModalFrame>
      ));
    return (
      <main>
        <button type="button" onClick={openInfo('Install')}>
          Install
        </button>
        <button type="button" onClick={openInfo('FAQ')}>
          FAQ
        </button>
      </main>
    );
  }
  render(
    <I18nextProvider i18n={englishI18n}>
      <ModalProvider>
        <Page />
      </ModalProvider>
    </I18nextProvider>,
  );
  if (!api) throw new Error('no modal api');
  return api;
}

async function openFrom(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('the modal manager gives focus back to the control that opened a modal', () => {
  it('after Escape', async () => {
    renderPage();
    const { opener, dialog } = await openFrom('FAQ');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('after the close button and after a button of the modal closes it', async () => {
    renderPage();
    const first = await openFrom('Install');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(first.opener));

    const second = await openFrom('FAQ');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(second.opener));
  });

  it('a modal opened from a modal gives focus back to its control in the first modal', async () => {
    renderPage();
    const { dialog } = await openFrom('Install');
    const more = screen.getByRole('button', { name: 'More' });
    more.focus();
    fireEvent.click(more);
    const nested = await screen.findByRole('dialog', { name: 'Nested' });
    await waitFor(() => expect(nested.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(nested, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nested' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more));
    expect(dialog.isConnected).toBe(true);
  });

  it('closeAll gives focus back to the control on the page', async () => {
    const api = renderPage();
    const { opener } = await openFrom('Install');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByRole('dialog', { name: 'Nested' });
    act(() => api.closeAll());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
