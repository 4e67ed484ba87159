import { render } from '@testing-library/react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type ModalApi, ModalProvider, useModals } from '../shared/ui/modals/modal-manager';
import { englishI18n as i18n } from './app-test-kit';

// For component tests only: the modal manager and modals, in English.

/** Renders the real modal manager in English and returns its API, as a page would use it. */
export function mountModals(): ModalApi {
  let api: ModalApi | undefined;
  function Grab() {
    api = useModals();
    return null;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <ModalProvider>
        <Grab />
      </ModalProvider>
    </I18nextProvider>,
  );
  if (!api) throw new Error('no modal api');
  return api;
}

/** Renders one modal's content straight into an open dialog (no lazy loading), in English. */
export function renderModal(content: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Dialog.Root open>{content}</Dialog.Root>
    </I18nextProvider>,
  );
}
