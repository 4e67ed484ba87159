import type { GameInfo } from '../models.js';

/** A plausible game info for a guest on the portal's own platform. */
export const guestInfo: GameInfo = {
  game: 'sky-runner',
  sdk: { major: 1, minor: 6, build: 3159 },
  environment: {
    os: 'linux',
    isMobile: false,
    safeArea: { left: 0, right: 0, top: 0, bottom: 0 },
    supportedLocales: ['en', 'ru'],
    defaultLocale: 'en',
  },
  fxId: {
    userId: null,
    marketingEnabled: false,
    locale: 'en',
    geoCountry: null,
    token: null,
    gameToken: null,
    gameUid: null,
    guest: true,
    hasEmail: false,
    emailValidated: false,
    hasCompletedOrder: false,
  },
  social: {
    social: 'FxId',
    paymentsAvailable: true,
    userId: null,
    displayName: 'Guest',
    firstName: '',
    lastName: '',
    photo: null,
    gender: 'unspecified',
    capabilities: ['AdsAvailable'],
    socialLocale: 'en',
    socialFlavor: null,
  },
};
