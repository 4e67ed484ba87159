import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../shared/i18n/locales/en';
import { messages as ru } from '../../../shared/i18n/locales/ru';
import { testI18n } from '../../../test/app-test-kit';
import { type SignInMethod, signInMethodName } from './sign-in-method-name';

const english = testI18n('en').t;
const russian = testI18n('ru', { en, ru }).t;

describe('signInMethodName', () => {
  it('keeps brand names as the brands write them, in every language', () => {
    for (const t of [english, russian]) {
      expect(signInMethodName('VkontakteComOauth', t)).toBe('VK ID');
      expect(signInMethodName('Google', t)).toBe('Google');
      expect(signInMethodName('Apple', t)).toBe('Apple');
      expect(signInMethodName('FacebookNamespaced', t)).toBe('Facebook');
      expect(signInMethodName('Telegram', t)).toBe('Telegram');
      expect(signInMethodName('Egs', t)).toBe('Epic Games');
    }
  });

  it('translates the generic names', () => {
    expect(signInMethodName('FxIdGuest', english)).toBe('Guest');
    expect(signInMethodName('FxIdGuest', russian)).toBe('Гость');
    expect(signInMethodName('YandexGamesGuest', english)).toBe('Guest on Yandex Games');
    expect(signInMethodName('CrazyGamesGuest', russian)).toBe('Гость на CrazyGames');
    expect(signInMethodName('Email', russian)).toBe(ru.profile.email);
  });

  it('replaces the raw enum names players used to see', () => {
    const raw: SignInMethod[] = [
      'VkontaktePlay',
      'Odnoklassniki',
      'VkontakteCom',
      'VkontakteComOauth',
      'YandexGames',
      'FxIdGuest',
      'YandexGamesGuest',
      'FacebookNamespaced',
      'FacebookGames',
      'AbsoluteGamesGuest',
      'KongregateGuest',
      'CrazyGamesGuest',
      'MyGamesId',
      'Egs',
    ];
    for (const method of raw) expect(signInMethodName(method, english)).not.toBe(method);
  });

  it('shows a method it does not know (a newer server) by its raw name', () => {
    expect(signInMethodName('Nintendo' as SignInMethod, english)).toBe('Nintendo');
  });
});
