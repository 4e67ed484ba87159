// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../shared/i18n/complete-messages';
import { createLogger } from '../../shared/lib/logger';
import { mountModals } from '../../test/modal-test-kit';
import { descriptionOf } from '../../test/queries';
import type { PersonalInfoRequirements } from './personal-info';
import { type PurchaseDeps, runPurchase } from './purchase-flow';
import { askPersonalInfo } from './use-purchase';

const pi = en.store.personalInfo;
const REQUIRED: PersonalInfoRequirements = { Email: { Required: true, DefaultValue: null } };

afterEach(cleanup);

async function open(requirements = REQUIRED) {
  const modals = mountModals();
  let answer: Promise<unknown> = Promise.resolve();
  act(() => {
    answer = askPersonalInfo(modals, requirements, '100 stars');
  });
  const email = await screen.findByLabelText(pi.emailLabel);
  return { answer, email: email as HTMLInputElement, phone: screen.getByLabelText(pi.phoneLabel) as HTMLInputElement };
}

describe('the confirm-purchase-with-personal-info modal', () => {
  it('opens with the email prefilled and focused, and names the product', async () => {
    const { email } = await open({ Email: { Required: false, DefaultValue: 'player@example.com' } });
    expect(email.value).toBe('player@example.com');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(descriptionOf(screen.getByRole('dialog'))).toBe('Enter the email for the receipt for 100 stars.');
    expect(descriptionOf(email)).toBe(pi.emailHint);
  });

  it('checks each change and refuses to submit invalid values', async () => {
    const { answer, email, phone } = await open();
    fireEvent.click(screen.getByRole('button', { name: pi.confirm }));
    await waitFor(() => expect(descriptionOf(email)).toBe(pi.emailRequired));
    fireEvent.change(email, { target: { value: 'player@' } });
    expect(descriptionOf(email)).toBe(pi.invalid_email);
    fireEvent.change(phone, { target: { value: '+0123' } });
    expect(descriptionOf(phone)).toBe(pi.invalid_phone_number);
    fireEvent.change(email, { target: { value: ' player@example.com ' } });
    fireEvent.change(phone, { target: { value: ' +15551234567 ' } });
    expect(screen.queryByText(pi.invalid_email)).toBeNull();
    expect(screen.queryByText(pi.invalid_phone_number)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: pi.confirm }));
    await expect(answer).resolves.toEqual({
      Email: 'player@example.com',
      PhoneNumber: '+15551234567',
      IsAutoConfirm: false,
    });
    await waitFor(() => expect(screen.queryByLabelText(pi.emailLabel)).toBeNull());
  });

  it('auto-confirm submits with IsAutoConfirm true', async () => {
    const { answer, email } = await open();
    fireEvent.change(email, { target: { value: 'player@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: pi.autoConfirm }));
    await expect(answer).resolves.toEqual({ Email: 'player@example.com', PhoneNumber: null, IsAutoConfirm: true });
  });

  it.each([
    ['its Cancel button', () => fireEvent.click(screen.getByRole('button', { name: en.common.cancel }))],
    ['Escape', () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })],
  ])('answers null when dismissed with %s', async (_how, dismiss) => {
    const { answer } = await open();
    dismiss();
    await expect(answer).resolves.toBeNull();
  });

  it("makes the purchase fail with 'Email input cancelled' when cancelled", async () => {
    const modals = mountModals();
    const deps: PurchaseDeps = {
      token: () => 'bearer',
      signIn: async () => true,
      createPayment: vi.fn(async () => ({
        TransactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
        ConfirmationUrl: 'http://127.0.0.1/checkout',
        OrderProduct: { LocalizedProductName: '100 stars' },
        PersonalInfoRequirements: REQUIRED,
      })) as unknown as PurchaseDeps['createPayment'],
      paymentStatus: vi.fn(),
      aghanimStatus: vi.fn(),
      setOptimisticStatus: vi.fn(async () => ({})) as unknown as PurchaseDeps['setOptimisticStatus'],
      openCheckout: vi.fn(),
      askPersonalInfo: (requirements, product) => askPersonalInfo(modals, requirements, product),
      updateOrderPi: vi.fn(),
      logger: createLogger('test', { debug() {}, info() {}, warn() {}, error() {}, log() {} }),
    };
    let purchase: Promise<unknown> = Promise.resolve();
    act(() => {
      purchase = runPurchase(deps, { game: 'sky-runner', sku: 'stars_100', platform: 'FxId' });
      purchase.catch(() => {});
    });
    fireEvent.click(await screen.findByRole('button', { name: en.common.cancel }));
    await expect(purchase).rejects.toMatchObject({ code: 'cancelled', message: 'Email input cancelled' });
    expect(deps.openCheckout).not.toHaveBeenCalled();
    expect(deps.updateOrderPi).not.toHaveBeenCalled();
  });
});
