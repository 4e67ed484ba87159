// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import type { PaymentForm } from '../api/payment-form';
import { PaymentFormPage } from './PaymentFormPage';

afterEach(cleanup);

const TOKEN = `sbx_${'t'.repeat(32)}`;
const FORM: PaymentForm = {
  Status: 'Open',
  Bank: { DemoMode: true, ApiType: 'Sandbox' },
  Product: { Name: '550 stars', Description: 'A chest of stars.', Price: '$4.99', Currency: 'USD' },
  RedirectUris: { Success: 'https://portal.test/Store/Return/ok', Failure: 'https://portal.test/Store/Return/no' },
  PublicId: 'ord_aaaaaaaaaaaaaaaaaaaaaa',
};

const json = (status: number, body: unknown) => jsonResponse(body, status);

function problem(status: number, code: string) {
  return json(status, { type: 'about:blank', title: code, status, ErrorCode: code });
}

/** Renders /{token} against a stub API: `get` answers the form, `post` the choice (and records its body). */
function renderPage(
  get: (call: number) => Response,
  post: () => Response = () => json(200, { Success: true, Data: { Success: true } }),
  search = '',
) {
  const posted: unknown[] = [];
  let gets = 0;
  const fetch = vi.fn(async (request: Request) => {
    if (request.method === 'GET') return get(gets++);
    posted.push(await request.json());
    return post();
  });
  const leave = vi.fn();
  renderWithApp(
    <MemoryRouter initialEntries={[`/${TOKEN}${search}`]}>
      <Routes>
        <Route path="/:token" element={<PaymentFormPage leave={leave} />} />
      </Routes>
    </MemoryRouter>,
    { api: testApi(fetch) },
  );
  return { fetch, posted, leave };
}

describe('the card payment form page', () => {
  it('shows the demo bank, the product and a prefilled test card, and pays with that card', async () => {
    const { fetch, posted, leave } = renderPage(() => json(200, FORM));
    const product = await screen.findByTestId('payment-form-product');
    expect(within(product).getByRole('heading').textContent).toBe('550 stars');
    const asked = fetch.mock.calls[0]?.[0] as Request;
    expect(asked.url).toBe(`http://localhost/api/v1/store/payment_form/${TOKEN}?Locale=en`);
    expect(screen.getByRole('status').textContent).toBe(en.store.paymentFormDemo);
    expect(screen.getByText(en.store.paymentFormSandboxBank).tagName).toBe('STRONG');
    expect(product.textContent).toContain('A chest of stars.');
    const card = screen.getByLabelText(en.store.paymentFormCardLabel) as HTMLInputElement;
    expect(card.value).toBe('4242 4242 4242 4242');

    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FORM.RedirectUris.Success));
    expect(posted).toEqual([{ PublicId: FORM.PublicId, Choice: 'Pay', CardNumber: '4242424242424242' }]);
  });

  it.each([
    ['Decline', en.store.paymentFormDecline],
    ['Abandon', en.common.cancel],
  ])('sends %s without a card and goes to the failure address', async (choice, label) => {
    const { posted, leave } = renderPage(
      () => json(200, FORM),
      () => json(200, { Success: true, Data: { Success: false } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(FORM.RedirectUris.Failure));
    expect(posted).toEqual([{ PublicId: FORM.PublicId, Choice: choice }]);
  });

  it('pays with the saved card instead of asking for a number', async () => {
    const { posted } = renderPage(() => json(200, { ...FORM, Card: { Brand: 'Visa', Last4: '4242' } }));
    expect((await screen.findByTestId('payment-form-card')).textContent).toBe('Pay with Visa ending in 4242');
    expect(screen.queryByLabelText(en.store.paymentFormCardLabel)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() => expect(posted).toEqual([{ PublicId: FORM.PublicId, Choice: 'Pay' }]));
  });

  it('pays with another card when the player chooses to type one instead of the saved card', async () => {
    const { posted } = renderPage(() => json(200, { ...FORM, Card: { Brand: 'Visa', Last4: '4242' } }));
    fireEvent.click(await screen.findByRole('button', { name: en.store.paymentFormAnotherCard }));
    expect(screen.queryByText('Pay with Visa ending in 4242')).toBeNull();
    const card = screen.getByLabelText(en.store.paymentFormCardLabel);
    fireEvent.change(card, { target: { value: '5555 5555 5555 4444' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    await waitFor(() =>
      expect(posted).toEqual([{ PublicId: FORM.PublicId, Choice: 'Pay', CardNumber: '5555555555554444' }]),
    );
  });

  it('says so when the token is unknown or used, with a way home', async () => {
    renderPage(() => problem(404, 'not_found'));
    expect((await screen.findByRole('alert')).textContent).toBe(en.store.paymentFormInvalid);
    expect(screen.getByRole('link', { name: en.common.backHome }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['Paid', en.store.paymentFormClosed.Paid],
    ['Declined', en.store.paymentFormClosed.Declined],
    ['Cancelled', en.store.paymentFormClosed.Cancelled],
    ['Refunded', en.store.paymentFormClosed.Refunded],
  ] as const)('shows a checkout already %s with a link to the order instead of the form', async (status, text) => {
    renderPage(() => json(200, { ...FORM, Status: status }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(text));
    expect(screen.getByRole('link', { name: en.store.paymentFormSeeOrder }).getAttribute('href')).toBe(
      FORM.RedirectUris.Success,
    );
    expect(screen.queryByRole('button', { name: 'Pay $4.99' })).toBeNull();
  });

  it('asks again when the bank refuses a choice decided meanwhile, and shows that outcome', async () => {
    const { leave } = renderPage(
      (call) => json(200, call === 0 ? FORM : { ...FORM, Status: 'Paid' }),
      () => problem(409, 'conflict'),
    );
    fireEvent.click(await screen.findByRole('button', { name: en.store.paymentFormDecline }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.store.paymentFormClosed.Paid));
    expect(screen.queryByRole('button', { name: 'Pay $4.99' })).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('keeps the form and explains a refused card number', async () => {
    const { leave } = renderPage(
      () => json(200, FORM),
      () => problem(400, 'validation_failed'),
    );
    const card = (await screen.findByLabelText(en.store.paymentFormCardLabel)) as HTMLInputElement;
    fireEvent.change(card, { target: { value: '1234 5678 9012 3456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.store.paymentFormCardInvalid);
    // The form stays, ready for another number.
    expect(screen.getByRole('button', { name: 'Pay $4.99' }).hasAttribute('disabled')).toBe(false);
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('the card payment form inside the checkout modal (?embed=1)', () => {
  it.each([
    ['Pay $4.99', 'Pay', true, en.store.paymentFormOutcome.Paid],
    [en.store.paymentFormDecline, 'Decline', false, en.store.paymentFormOutcome.Declined],
    [en.common.cancel, 'Abandon', false, en.store.paymentFormOutcome.Cancelled],
  ])('"%s" shows the outcome in place and stays there for the modal to close', async (label, choice, success, text) => {
    const { posted, leave } = renderPage(
      () => json(200, FORM),
      () => json(200, { Success: true, Data: { Success: success } }),
      '?embed=1',
    );
    expect(screen.queryByRole('link', { name: en.common.backHome })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: label }));
    expect((await screen.findByTestId('payment-form-outcome')).textContent).toBe(text);
    expect(screen.getByTestId('payment-form-outcome').nextElementSibling?.textContent).toBe(
      en.store.paymentFormOutcomeClosing,
    );
    expect((posted[0] as { Choice: string }).Choice).toBe(choice);
    expect(screen.queryByRole('button', { name: 'Pay $4.99' })).toBeNull();
    // The frame stays on the form: no site page loads into the modal behind the outcome.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leave).not.toHaveBeenCalled();
  });

  it('a refused card is a decline, shown as such', async () => {
    renderPage(
      () => json(200, FORM),
      () => json(200, { Success: true, Data: { Success: false } }),
      '?embed=1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $4.99' }));
    expect((await screen.findByTestId('payment-form-outcome')).textContent).toBe(en.store.paymentFormOutcome.Declined);
  });
});
