import { describe, expect, it } from 'vitest';
import { CHECKOUT_ID_PATTERNS } from '../modules/store/payments.js';
import { redactUrl } from './logging.js';

describe('redactUrl (security.md §12 row 50)', () => {
  it.each([
    ['/api/v1/store/payment_form/sbx_abc-DEF_123', '/api/v1/store/payment_form/[redacted]'],
    ['/games/sbx_abc-DEF_123', '/games/[redacted]'],
    ['/cs_test_a1B2c3', '/[redacted]'],
    ['/Store/MerchantPaymentCompleted/tok-123?x=1', '/Store/MerchantPaymentCompleted/[redacted]?x=1'],
    ['/LoginFromGame/sky-runner/tok-123', '/LoginFromGame/sky-runner/[redacted]'],
    [
      '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Email/a%40b.co',
      '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Email/[redacted]',
    ],
    [
      '/LoginValidateEmail?inviteToken=abc&inviteType=connect_game',
      '/LoginValidateEmail?inviteToken=%5Bredacted%5D&inviteType=connect_game',
    ],
    [
      '/play/sky-runner/iframe/vkcom?vk_user_id=1&sign=abc',
      '/play/sky-runner/iframe/vkcom?vk_user_id=1&sign=%5Bredacted%5D',
    ],
    ['/x?email=a%40b.co&lang=ru', '/x?email=%5Bredacted%5D&lang=ru'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url, CHECKOUT_ID_PATTERNS)).toBe(logged);
  });

  it('leaves ordinary paths alone', () => {
    for (const url of ['/play/sky-runner', '/Store/sky-runner', '/api/v1/games/list', '/Store/Return/ord_1?lang=en']) {
      expect(redactUrl(url, CHECKOUT_ID_PATTERNS)).toBe(url);
    }
  });
});
