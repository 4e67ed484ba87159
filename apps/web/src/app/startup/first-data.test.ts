// @vitest-environment jsdom
import { FIRST_DATA_ELEMENT_ID, type FirstData } from '@fxid/contract/page-config';
import { describe, expect, it } from 'vitest';
import { gamesListQuery } from '../../entities/game/api/games-list';
import { publicGameConfigQuery } from '../../entities/game/api/public-game-config';
import { newsQuery } from '../../entities/news/news';
import { launchDataQuery } from '../../features/player/api/launch';
import { createQueryClient } from '../../shared/api/query-client';
import { testApi } from '../../test/app-test-kit';
import { readFirstData, seedFirstData } from './first-data';

const api = testApi(() => Promise.reject(new Error('the first data needs no request')));

const FIRST: FirstData = {
  Locale: 'ru',
  Games: [{ GameSystemName: 'sky-runner', Name: 'Небесный бегун' }],
  News: [{ Id: 1 }],
  NewsGame: 'sky-runner',
  GameConfigs: [{ Game: 'sky-runner', Platform: 'FxId', Answer: { CompanyBranding: { BrandName: 'fxid' } } }],
  Launch: { Game: 'sky-runner', Platform: 'FxId', Answer: { LaunchData: { AppendToQuery: 'fxplatform=fxid' } } },
};

function pageWith(text: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument();
  if (text !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_DATA_ELEMENT_ID;
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe('the first data in the page', () => {
  it('is read from its element; a page without it, or with a broken one, has none', () => {
    expect(readFirstData(pageWith(JSON.stringify(FIRST)))).toEqual(FIRST);
    expect(readFirstData(pageWith(undefined))).toBeUndefined();
    expect(readFirstData(pageWith('{"Locale":'))).toBeUndefined();
  });

  it('fills the queries the pages ask with, the launch data only for a visitor without a token', () => {
    const client = createQueryClient();
    seedFirstData(client, api, FIRST, 'ru');
    expect(client.getQueryData(gamesListQuery(api, 'ru').queryKey)).toEqual(FIRST.Games);
    expect(client.getQueryData(newsQuery(api, 'ru', 'sky-runner').queryKey)).toEqual(FIRST.News);
    expect(client.getQueryData(newsQuery(api, 'ru').queryKey)).toBeUndefined();
    expect(client.getQueryData(publicGameConfigQuery(api, 'sky-runner', 'FxId').queryKey)).toEqual(
      FIRST.GameConfigs[0]?.Answer,
    );
    expect(client.getQueryData(launchDataQuery(api, 'sky-runner', 'FxId', null).queryKey)).toEqual(
      FIRST.Launch?.Answer,
    );
    expect(client.getQueryData(launchDataQuery(api, 'sky-runner', 'FxId', 'a-token').queryKey)).toBeUndefined();
    // Fresh: nothing is asked again at the first render.
    expect(client.getQueryState(gamesListQuery(api, 'ru').queryKey)?.isInvalidated).toBe(false);
  });

  it('is left unused by a page that picked another language', () => {
    const client = createQueryClient();
    seedFirstData(client, api, FIRST, 'en');
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
