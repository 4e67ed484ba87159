import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyVkNotification, vkPaymentSig } from './vk-payment-sign.js';

const map = (params: Record<string, string>) => new Map(Object.entries(params));

describe('VK payments notification sig (platform-protocols.md §1a)', () => {
  it('matches the SevereCloud vectors [vec ✓]', () => {
    const params = {
      notification_type: 'not_processed',
      app_id: '1',
      user_id: '1',
      receiver_id: '1',
      order_id: '1',
      subscription_id: '1',
    };
    expect(vkPaymentSig(map(params), 'secret')).toBe('4dd8fa646851ff3f756e6c26d321471b');
    expect(vkPaymentSig(map({}), 'secret')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
  });

  it('matches the self-generated get_item_test and order_status_change_test vectors over decoded values', () => {
    const common = { app_id: '51234567', user_id: '1234567', receiver_id: '1234567', order_id: '987654' };
    const getItem = new URLSearchParams({
      ...common,
      notification_type: 'get_item_test',
      item: 'gems_100',
      lang: 'ru_RU',
      version: '5.199',
      sig: 'b0976e8287dfb63af4d7e16a46a28e38',
    });
    expect(verifyVkNotification(getItem.toString(), ['Zx9AppSecret']).ok).toBe(true);
    const status = new URLSearchParams({
      ...common,
      notification_type: 'order_status_change_test',
      version: '5.199',
      date: '1767225600',
      status: 'chargeable',
      item: 'gems_100',
      item_id: 'gems_100',
      item_title: '100 gems',
      item_price: '10',
      sig: 'b0445b422407d64e0b94ea4a93ece2fd',
    });
    // URLSearchParams writes the space as "+": the sig is over the decoded "100 gems".
    expect(status.toString()).toContain('item_title=100+gems');
    expect(verifyVkNotification(status.toString(), ['wrong-secret', 'Zx9AppSecret']).ok).toBe(true);
  });

  it('refuses a flipped sig, a missing sig and a repeated key', () => {
    const body = new URLSearchParams({
      app_id: '1',
      item: 'a',
      sig: vkPaymentSig(map({ app_id: '1', item: 'a' }), 's'),
    });
    expect(verifyVkNotification(body.toString(), ['s']).ok).toBe(true);
    expect(verifyVkNotification(body.toString().replace(/sig=./, 'sig=g'), ['s'])).toEqual({
      ok: false,
      failure: 'bad_sig',
    });
    expect(verifyVkNotification('app_id=1&item=a', ['s'])).toEqual({ ok: false, failure: 'missing_sig' });
    expect(verifyVkNotification(`${body}&item=b`, ['s'])).toEqual({ ok: false, failure: 'duplicate_key' });
  });

  it('any change to any parameter breaks the sig (property)', () => {
    const params = fc.dictionary(
      fc.stringMatching(/^[a-z_]{1,12}$/).filter((key) => key !== 'sig'),
      fc.string(),
      {
        minKeys: 1,
        maxKeys: 8,
      },
    );
    fc.assert(
      fc.property(
        params,
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        (p, secret, pick, suffix) => {
          const sig = vkPaymentSig(map(p), secret);
          expect(verifyVkNotification(new URLSearchParams({ ...p, sig }).toString(), [secret]).ok).toBe(true);
          const keys = Object.keys(p);
          const key = keys[pick % keys.length] ?? '';
          const tampered = new URLSearchParams({ ...p, [key]: `${p[key]}${suffix}`, sig });
          expect(verifyVkNotification(tampered.toString(), [secret]).ok).toBe(false);
        },
      ),
    );
  });
});
