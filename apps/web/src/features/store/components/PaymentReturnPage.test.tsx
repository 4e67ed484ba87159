// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { ModalProvider } from '../../../shared/ui/modals/modal-manager';
import { renderWithApp, testApi } from '../../../test/app-test-kit';
import { PaymentReturnPage } from './PaymentReturnPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A real order id: case-sensitive base64url.
const ID = 'ord_dKlVaGiU0x-Qz_7bN3mPwA';

describe('the payment return page', () => {
  it('shows the order id exactly as it is (never upper-cased) and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithApp(
      <MemoryRouter initialEntries={[`/Store/Return/${ID}`]}>
        <ModalProvider>
          <Routes>
            <Route path="/Store/Return/:id" element={<PaymentReturnPage />} />
          </Routes>
        </ModalProvider>
      </MemoryRouter>,
      { api: testApi(async () => new Response(null, { status: 500 })) },
    );
    const code = await screen.findByText(ID);
    expect(code.textContent).toBe(ID);
    // No text transform anywhere above it: what is shown is what support needs.
    for (let node: HTMLElement | null = code; node; node = node.parentElement) {
      expect(node.className).not.toMatch(/\buppercase\b/);
    }
    fireEvent.click(screen.getByRole('button', { name: en.store.copyOrderId }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ID));
  });
});
