import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { messages as en } from '../i18n/locales/en';
import { type ModalApi, ModalProvider, useModals } from './modal-manager';

// For component tests only: English, loaded synchronously from the bundled messages.
const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

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
