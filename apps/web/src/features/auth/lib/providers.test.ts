import { describe, expect, it } from 'vitest';
import { configuredProviders } from '../../../shared/lib/firebase/firebase-providers';
import { assertProviderSupported, offeredProviders, offeredVkId } from './providers';

const FIREBASE = { ApiKey: 'k', AuthDomain: 'a', ProjectId: 'fxid-demo', AppId: '1:2:web:3' };

describe('sign-in providers', () => {
  it('offers only providers that are both allowed and set up here, in the order allowed', () => {
    const configured = configuredProviders({ FirebaseOptions: FIREBASE });
    expect(offeredProviders(['email', 'facebook', 'Google', 'vkid', 'apple'], configured)).toEqual([
      'facebook',
      'google',
      'apple',
    ]);
    expect(offeredProviders(['email', 'google'], configured)).toEqual(['google']);
    expect(offeredProviders(['email'], configured)).toEqual([]);
  });

  it('offers no Firebase provider while the company names no Firebase app', () => {
    expect(offeredProviders(['google', 'apple', 'facebook'], configuredProviders({}))).toEqual([]);
  });

  it('offers VK ID only when it is allowed and an app is named', () => {
    const vk = { ClientId: '51999999', ShowOkLogin: true };
    expect(offeredVkId(['email', 'VKID'], vk)).toBe(vk);
    expect(offeredVkId(['email', 'google'], vk)).toBeUndefined();
    expect(offeredVkId(['vkid'], undefined)).toBeUndefined();
  });

  it('refuses unknown providers with the spec wording', () => {
    expect(() => assertProviderSupported('google')).not.toThrow();
    expect(() => assertProviderSupported('Myspace')).toThrow('Login provider Myspace is not supported.');
  });
});
