// The GameInfo both sides of bench/sdk-latency.mjs answer getInfo with: the Node section
// imports it, and host.html loads it from the bench's page server.

/** A guest on the own platform, as the portal describes it to a game. */
export function benchGameInfo(sdkVersion) {
  return {
    game: 'bench',
    sdk: { ...sdkVersion },
    environment: {
      os: 'linux',
      isMobile: false,
      safeArea: { left: 0, right: 0, top: 0, bottom: 0 },
      supportedLocales: ['en'],
      defaultLocale: 'en',
    },
    fxId: { userId: null, guest: true, locale: 'en', token: null, gameToken: null, gameUid: null },
    social: { social: 'FxId', userId: null, displayName: 'Guest', capabilities: [] },
  };
}
