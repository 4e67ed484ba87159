// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mountModals } from '../../test/modal-test-kit';
import { listenToMoneyMailRuWindow, readMoneyMailRuEvent } from './moneymailru-window';
import { openCheckout } from './open-checkout';
import { PurchaseError } from './purchase-error';
import type { CheckoutEnd } from './purchase-flow';

beforeAll(async () => {
  await Promise.all([import('./MoneyMailRuCheckoutModal'), import('../../shared/ui/modals/ModalStack')]);
});
afterEach(cleanup);

const post = (data: unknown, origin: string) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe("Money.Mail.Ru's window messages (spec store §4)", () => {
  it('reads bare names, JSON and objects; anything else counts as payError', () => {
    expect(readMoneyMailRuEvent('paySuccess')).toBe('paySuccess');
    expect(readMoneyMailRuEvent('{"type":"closeWindow"}')).toBe('closeWindow');
    expect(readMoneyMailRuEvent({ event: 'refreshWindow' })).toBe('refreshWindow');
    expect(readMoneyMailRuEvent({ name: 'payError' })).toBe('payError');
    for (const unreadable of ['{nope', 'paid', 42, null, { type: 'paid' }])
      expect(readMoneyMailRuEvent(unreadable)).toBe('payError');
  });

  it('takes the first message of a trusted origin only, compared as a whole origin', () => {
    const seen: string[] = [];
    const stop = listenToMoneyMailRuWindow(window, ['http://127.0.0.1:4555'], (event) => seen.push(event));
    for (const origin of [
      'https://evil.example',
      'https://money.mail.ru.evil.example',
      'https://evil.money.mail.ru',
      'null',
    ])
      window.dispatchEvent(new MessageEvent('message', { data: 'paySuccess', origin }));
    expect(seen).toEqual([]);
    window.dispatchEvent(new MessageEvent('message', { data: 'closeWindow', origin: 'https://money.mail.ru' }));
    window.dispatchEvent(new MessageEvent('message', { data: 'paySuccess', origin: 'https://money.mail.ru' }));
    expect(seen).toEqual(['closeWindow']);
    stop();
    const demo: string[] = [];
    listenToMoneyMailRuWindow(window, [], (event) => demo.push(event))();
    window.dispatchEvent(new MessageEvent('message', { data: 'paySuccess', origin: 'https://demoney.mail.ru' }));
    expect(demo).toEqual([]);
  });
});

describe("Money.Mail.Ru's checkout dialog", () => {
  const open = () => {
    const modals = mountModals();
    let closed: Promise<CheckoutEnd> = Promise.resolve({ kind: 'dismissed' });
    act(() => {
      closed = openCheckout(
        modals,
        { kind: 'moneymailru', paymentUri: 'https://money.mail.ru/pay/light/?x=1' },
        '50 gems',
      ).closed;
    });
    return () => closed;
  };

  it('frames the window; paySuccess from Money.Mail.Ru completes and closes it, an untrusted one is ignored', async () => {
    const closed = open();
    const frame = await screen.findByTestId('checkout-frame');
    expect(frame.getAttribute('src')).toBe('https://money.mail.ru/pay/light/?x=1');
    await post('payError', 'https://evil.example');
    expect(screen.queryByTestId('checkout-frame')).not.toBeNull();
    await post('paySuccess', 'https://money.mail.ru');
    expect(await closed()).toEqual({ kind: 'completed' });
    expect(screen.queryByTestId('checkout-frame')).toBeNull();
  });

  it('closeWindow closes it as dismissed; payError and refreshWindow fail it with their messages', async () => {
    let closed = open();
    await screen.findByTestId('checkout-frame');
    await post('closeWindow', 'https://demo.money.mail.ru');
    expect(await closed()).toEqual({ kind: 'dismissed' });
    for (const [event, message] of [
      ['payError', 'Money.Mail.Ru payment failed'],
      ['garbage', 'Money.Mail.Ru payment failed'],
      ['refreshWindow', 'Money.Mail.Ru asked to reload the payment window'],
    ]) {
      cleanup();
      closed = open();
      await screen.findByTestId('checkout-frame');
      await post(event, 'https://money.mail.ru');
      const end = await closed();
      expect(end.kind).toBe('failed');
      const error = end.kind === 'failed' ? end.error : undefined;
      expect(error).toBeInstanceOf(PurchaseError);
      expect([(error as PurchaseError).code, (error as PurchaseError).message]).toEqual([
        'payment_not_completed',
        message,
      ]);
    }
  });
});
