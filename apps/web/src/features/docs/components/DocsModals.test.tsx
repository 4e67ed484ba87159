// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { ContactsModal, FaqModal } from './DocsModals';

afterEach(cleanup);

const api = testApi(async (request) => {
  const path = new URL(request.url).pathname;
  if (path === '/api/v1/info/faq') {
    return jsonResponse({
      Locale: 'en',
      Title: 'Frequently asked questions',
      Entries: [{ Question: 'Free?', Answer: 'Yes.' }],
    });
  }
  return jsonResponse({
    CompanyBranding: { CompanyName: 'Foxhound Interactive', LegalContacts: { en: 'Foxhound, 1 Main St' } },
    PublicWebClientConfig: { LegalContacts: { en: 'Foxhound, 1 Main St' } },
  });
});

function open(content: ReactNode) {
  renderWithApp(<Dialog.Root open>{content}</Dialog.Root>, { api });
}

describe('the footer document modals', () => {
  it('show the FAQ straight in the modal, titled once, with no frame', async () => {
    open(<FaqModal title="Frequently asked questions" language="en" />);
    const dialog = await screen.findByRole('dialog', { name: 'Frequently asked questions' });
    expect((await within(dialog).findByText('Free?')).tagName).toBe('SUMMARY');
    expect(within(dialog).getAllByText('Frequently asked questions')).toHaveLength(1);
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('show the contacts straight in the modal, titled once, with no frame', async () => {
    open(<ContactsModal title="Contacts" game="sky-runner" adapter="fxid" />);
    const dialog = await screen.findByRole('dialog', { name: 'Contacts' });
    await waitFor(() => expect(dialog.textContent).toContain('Foxhound, 1 Main St'));
    expect(within(dialog).getAllByText('Contacts')).toHaveLength(1);
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
