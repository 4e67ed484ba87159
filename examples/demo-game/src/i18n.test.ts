import { afterEach, describe, expect, it } from 'vitest';
import { gameFromLocation } from './catalog.js';
import { countOf, LOCALES, setLocale } from './i18n.js';

afterEach(() => setLocale('en'));

describe('the wallet in the game’s language', () => {
  it('follows Russian plural rules for gems and stars', () => {
    const gems = gameFromLocation('?game=gem-garden').currency;
    const stars = gameFromLocation('?game=sky-runner').currency;
    setLocale('ru');
    expect([0, 1, 2, 5, 11, 21, 22, 25, 100].map((count) => countOf(gems, count))).toEqual([
      '0 самоцветов',
      '1 самоцвет',
      '2 самоцвета',
      '5 самоцветов',
      '11 самоцветов',
      '21 самоцвет',
      '22 самоцвета',
      '25 самоцветов',
      '100 самоцветов',
    ]);
    expect([0, 1, 3, 550].map((count) => countOf(stars, count))).toEqual([
      '0 звёзд',
      '1 звезда',
      '3 звезды',
      '550 звёзд',
    ]);
  });

  it('and English ones', () => {
    const gems = gameFromLocation('?game=gem-garden').currency;
    expect([0, 1, 2, 1000].map((count) => countOf(gems, count))).toEqual(['0 gems', '1 gem', '2 gems', '1,000 gems']);
  });

  it('writes every count as Intl.NumberFormat does in each of the game’s languages', () => {
    const stars = gameFromLocation('?game=sky-runner').currency;
    for (const locale of LOCALES) {
      setLocale(locale);
      for (const count of [0, 7, 42, 999, 1000, 1250, 123456]) {
        expect(countOf(stars, count).split(' ')[0]).toBe(new Intl.NumberFormat(locale).format(count));
      }
    }
  });
});
