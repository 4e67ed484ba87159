import type { StoreProduct } from '@fxid/sdk';
import type { Locale, PluralForms } from './i18n.js';

export type GameId = 'sky-runner' | 'gem-garden';

/** What buying a product gives, shown in the game right away (the server delivers it for real). */
export interface Grant {
  amount?: number;
  flag?: 'noAds' | 'pass';
}

/** Static facts about each game of the demo catalog (catalog/demo.yaml). */
export interface GameMeta {
  id: GameId;
  title: Record<Locale, string>;
  orientation: 'landscape' | 'portrait';
  /** The in-game currency a purchase or a rewarded ad adds to, in each plural form. */
  currency: Record<Locale, PluralForms>;
  /** Shown when the portal has no store front (offline, or storeFront fails). */
  fallbackProducts: StoreProduct[];
  grants: Record<string, Grant>;
  /** The game's leaderboard in the catalog (catalog/demo.yaml). */
  leaderboard: string;
}

function product(sku: string, name: string, description: string, price: number, iso: 'USD' | 'EUR'): StoreProduct {
  const symbol = iso === 'USD' ? '$' : '€';
  return {
    sku,
    name,
    description,
    price: { localizedPrice: `${symbol}${price.toFixed(2)}`, price, currencySymbol: symbol, currencyIso: iso },
  };
}

const GAMES: Record<GameId, GameMeta> = {
  'sky-runner': {
    id: 'sky-runner',
    title: { en: 'Sky Runner', ru: 'Небесный бегун' },
    orientation: 'landscape',
    currency: {
      en: { one: 'star', other: 'stars' },
      ru: { one: 'звезда', few: 'звезды', many: 'звёзд', other: 'звезды' },
    },
    fallbackProducts: [
      product('stars_100', '100 stars', 'A pouch of stars for boosts.', 0.99, 'USD'),
      product('stars_550', '550 stars', 'A chest of stars with a 10% bonus.', 4.99, 'USD'),
      product('no_ads', 'No ads', 'Removes interstitial ads for good.', 2.99, 'USD'),
    ],
    grants: { stars_100: { amount: 100 }, stars_550: { amount: 550 }, no_ads: { flag: 'noAds' } },
    leaderboard: 'best-score',
  },
  'gem-garden': {
    id: 'gem-garden',
    title: { en: 'Gem Garden', ru: 'Сад самоцветов' },
    orientation: 'portrait',
    currency: {
      en: { one: 'gem', other: 'gems' },
      ru: { one: 'самоцвет', few: 'самоцвета', many: 'самоцветов', other: 'самоцвета' },
    },
    fallbackProducts: [
      product('gems_50', '50 gems', 'Extra moves when you need them.', 1.49, 'EUR'),
      product('garden_pass', 'Garden pass', 'Unlimited lives for 30 days.', 3.99, 'EUR'),
    ],
    grants: { gems_50: { amount: 50 }, garden_pass: { flag: 'pass' } },
    leaderboard: 'daily-score',
  },
};

/** The game named by `?game=`; Sky Runner when absent or unknown. */
export function gameFromLocation(search: string): GameMeta {
  const id = new URLSearchParams(search).get('game');
  return id === 'gem-garden' ? GAMES['gem-garden'] : GAMES['sky-runner'];
}
