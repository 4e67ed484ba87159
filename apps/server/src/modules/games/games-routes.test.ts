import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';

describeEachEngine('games API', (engine) => {
  const testApp = useTestApp(engine);

  it('lists the demo games in catalog order, in the requested locale', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/v1/games/list', payload: { Locale: 'ru' } });
    expect(response.statusCode).toBe(200);
    const games = response.json().AvailableGames;
    expect(games.map((game: { GameSystemName: string }) => game.GameSystemName)).toEqual(['sky-runner', 'gem-garden']);
    expect(games[0]).toMatchObject({
      Name: 'Небесный бегун',
      IconUrl: '/catalog/sky-runner/icon.svg',
      PlayGameType: 'Iframe',
      Tags: ['arcade', 'runner'],
    });
  });

  it("falls back to the game's default language for a locale it lacks", async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/v1/games/list', payload: { Locale: 'ja' } });
    expect(response.json().AvailableGames[1].Name).toBe('Gem Garden');
  });

  it('accepts a call without a body', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/v1/games/list' });
    expect(response.statusCode).toBe(200);
    expect(response.json().AvailableGames).toHaveLength(2);
  });

  it('lists only the games published on a platform, named or numbered', async () => {
    const { app } = testApp();
    for (const WebPublishingPlatform of ['CrazyGames', 8]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/games/list',
        payload: { WebPublishingPlatform },
      });
      expect(response.json().AvailableGames.map((game: { GameSystemName: string }) => game.GameSystemName)).toEqual([
        'sky-runner',
      ]);
    }
  });

  it('lists games with their public game data', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/v1/games/list_with_configs', payload: {} });
    expect(response.statusCode).toBe(200);
    const [first] = response.json().AvailableGames;
    expect(first.Config).toMatchObject({
      GameSystemName: 'sky-runner',
      PlayGameType: 'Iframe',
      SupportedLanguages: ['en', 'ru'],
      DefaultLanguage: 'en',
      CompanyName: 'Foxhound Interactive',
      Store: {
        XsollaEnabled: true,
        YookassaEnabled: false,
        StripeEnabled: true,
        AghanimEnabled: false,
        Bank131Enabled: false,
        MoneyMailRuEnabled: false,
      },
      TosOpenMethod: 'Modal',
    });
  });

  it("serves a game's public config for the platform asked", async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=YandexGames',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.PublicGameData.GameOrientation).toBe('Horizontal');
    expect(body.PublicWebClientConfig).toMatchObject({
      Platform: 'YandexGames',
      Capabilities: ['AdsAvailable', 'RateApplication', 'OutgoingLinksForbidden'],
      LoaderScreen: { BackgroundColor: '#0b1e3a' },
      // The catalog keeps Sky Runner's saves in Yandex's player data there.
      CloudSaves: 'Host',
      // and its best-score board in Yandex's leaderboards.
      HostLeaderboards: [
        {
          Name: 'best-score',
          Titles: { en: 'Best score', ru: 'Лучший счёт' },
          SortOrder: 'Desc',
          ScoreFormat: 'Number',
          Decimals: 0,
          MinScore: 0,
          MaxScore: 100000,
        },
      ],
    });
    expect(body.CompanyBranding.BrandName).toBe('fxid');
    // On VK the same board is fxid's.
    const vk = await app.inject({
      method: 'GET',
      url: '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=VkontakteCom',
    });
    expect(vk.json().PublicWebClientConfig).toMatchObject({ CloudSaves: 'Host', HostLeaderboards: [] });
  });

  it('serves the own-site config when no platform is named', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/public_game_config/gem-garden' });
    expect(response.json().PublicWebClientConfig).toMatchObject({
      Platform: 'FxId',
      CloudSaves: 'Fxid',
      HostLeaderboards: [],
    });
  });

  it('answers 404 game_not_found for an unknown game', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/public_game_config/no-such-game' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      type: 'urn:fxid:error:game_not_found',
      status: 404,
      ErrorCode: 'game_not_found',
      L10NKey: 'errors.game_not_found',
      L10NParam: { Game: 'no-such-game' },
      instance: '/api/v1/public_game_config/no-such-game',
    });
  });

  it('answers 404 game_not_on_platform for a platform the game is not published on', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/public_game_config/gem-garden?WebPublishingPlatform=8',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorCode: 'game_not_on_platform', L10NParam: { Platform: 'CrazyGames' } });
  });
});
