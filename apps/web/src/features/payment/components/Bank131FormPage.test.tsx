// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import type { Bank131Form } from '../api/bank131-form';
import { PaymentFormPage } from './PaymentFormPage';

afterEach(() => {
  cleanup();
  delete window.Bank131CardWidget;
});

const TOKEN = `b131_${'t'.repeat(32)}`;
const PUBLIC_ID = 'ord_aaaaaaaaaaaaaaaaaaaaaa';
const FORM: Bank131Form = {
  Status: 'Open',
  Bank: { DemoMode: true, ApiType: 'SmartGLocal' },
  Product: { Name: '50 gems', Description: 'A pouch of gems.', Price: '99,00 ₽', Currency: 'RUB' },
  RedirectUris: { Success: 'https://portal.test/Store/Return/ok', Failure: 'https://portal.test/Store/Return/no' },
  Address: { DisplayName: '', User: 'buyer', Host: 'mail.example', Address: 'buyer@mail.example' },
  Widget: { PublicToken: 'pt_1', ScriptUrl: 'https://bank.test/widget.js' },
  Sbp: true,
  PublicId: PUBLIC_ID,
};

/** Renders /{token}?PublicId against a stub API: `forms` answers each GET in turn, POSTs are recorded. */
function renderPage(forms: Bank131Form[]) {
  const posted: { url: string; body: unknown }[] = [];
  let gets = 0;
  const fetch = vi.fn(async (request: Request) => {
    if (request.method === 'GET') return jsonResponse(forms[Math.min(gets++, forms.length - 1)], 200);
    posted.push({ url: request.url, body: await request.json() });
    if (request.url.endsWith('/pay_with_sbp')) return jsonResponse({ Qr: null }, 200);
    return jsonResponse({ Success: true, Data: { Success: true } }, 200);
  });
  const leave = vi.fn();
  renderWithApp(
    <MemoryRouter initialEntries={[`/${TOKEN}?PublicId=${PUBLIC_ID}`]}>
      <Routes>
        <Route path="/:token" element={<PaymentFormPage leave={leave} />} />
      </Routes>
    </MemoryRouter>,
    { api: testApi(fetch) },
  );
  return { fetch, posted, leave };
}

describe('the Bank131 card payment form page', () => {
  it('shows the bank serving it, the product and the receipt address, and pays with the widget token', async () => {
    const tokenize = vi.fn(async () => 'ct_from_the_bank');
    window.Bank131CardWidget = { tokenize };
    const { fetch, posted, leave } = renderPage([FORM, { ...FORM, Status: 'Processing' }, { ...FORM, Status: 'Paid' }]);
    expect((await screen.findByTestId('payment-form-bank')).textContent).toBe('Smart Glocal');
    const asked = fetch.mock.calls[0]?.[0] as Request;
    expect(asked.url).toBe(`http://localhost/api/v1/bank131/form/${TOKEN}?PublicId=${PUBLIC_ID}&Locale=en`);
    expect(screen.getByTestId('payment-form-address').textContent).toBe(
      en.store.bank131.receipt.replace('{{address}}', 'buyer@mail.example'),
    );
    expect(screen.getByText(en.store.bank131.demo)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 99,00 ₽' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The number went to the bank's widget; fxid got only the bank's token.
    expect(tokenize).toHaveBeenCalledWith({ publicToken: 'pt_1', number: '4242424242424242' });
    expect(posted[0]?.body).toEqual({ PublicId: PUBLIC_ID, Choice: 'Pay', CardToken: 'ct_from_the_bank' });
    // The form is asked again each second until the bank's outcome, then the page goes on.
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FORM.RedirectUris.Success), { timeout: 8000 });
    expect(leave).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('pays with the saved card without the widget, and says so when the widget cannot tokenize', async () => {
    const saved = { ...FORM, Card: { Brand: 'Mir', Last4: '0004' } };
    const { posted } = renderPage([saved]);
    expect((await screen.findByTestId('payment-form-card')).textContent).toContain('0004');
    fireEvent.click(screen.getByRole('button', { name: 'Pay 99,00 ₽' }));
    await waitFor(() => expect(posted[0]?.body).toEqual({ PublicId: PUBLIC_ID, Choice: 'Pay' }));
    cleanup();
    window.Bank131CardWidget = { tokenize: vi.fn(async () => Promise.reject(new Error('invalid_card_number'))) };
    const refused = renderPage([FORM]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 99,00 ₽' }));
    expect(await screen.findByText(en.store.bank131.cardRefused)).toBeTruthy();
    expect(refused.posted).toHaveLength(0);
  });

  it('starts SBP and waits for the QR the bank issues', async () => {
    const { posted } = renderPage([FORM]);
    fireEvent.click(await screen.findByRole('button', { name: en.store.bank131.payBySbp }));
    await screen.findByTestId('bank131-sbp-waiting');
    await waitFor(() =>
      expect(posted[0]).toEqual({
        url: 'http://localhost/api/v1/bank131/pay_with_sbp',
        body: { Token: TOKEN, PublicId: PUBLIC_ID },
      }),
    );
  });
});
