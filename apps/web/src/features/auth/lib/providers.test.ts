import { describe, expect, it } from 'vitest';
import { assertProviderSupported, offeredProviders } from './providers';

describe('sign-in providers', () => {
  it('offers only providers that are both allowed and implemented', () => {
    expect(offeredProviders(['Google', 'Apple', 'Email'])).toEqual([]);
    expect(offeredProviders(['Google', 'Apple', 'VkId'], ['Google', 'VkId'])).toEqual(['Google', 'VkId']);
  });

  it('refuses unknown providers with the spec wording', () => {
    expect(() => assertProviderSupported('Email')).not.toThrow();
    expect(() => assertProviderSupported('Myspace')).toThrow('Login provider Myspace is not supported.');
  });
});
