import { FIRST_DATA_ELEMENT_ID, type FirstData } from '@fxid/contract/page-config';
import type { QueryClient } from '@tanstack/react-query';
import { type GameSummary, gamesListQuery } from '../../entities/game/api/games-list';
import { type PublicGameConfig, publicGameConfigQuery } from '../../entities/game/api/public-game-config';
import { type NewsItem, newsQuery } from '../../entities/news/news';
import { type LaunchData, launchDataQuery } from '../../features/player/api/launch';
import type { ApiClient } from '../../shared/api/client';

/** The start screen's first data the server put in the page, if any (none from the Vite dev server). */
export function readFirstData(doc: Document = document): FirstData | undefined {
  const text = doc.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FirstData;
  } catch {
    return undefined; // the page asks the API itself, as without it
  }
}

/**
 * Puts the first data in the query cache under the keys the pages ask with, so the first render
 * has the games (and the player its game) without a round trip. Only answers in the page's
 * language are used: a page that picks another asks the API as usual. The launch data is an
 * anonymous visitor's: a signed-in player's query has its token in its key and is asked anew.
 */
export function seedFirstData(client: QueryClient, api: ApiClient, data: FirstData, locale: string): void {
  if (data.Locale !== locale) return;
  client.setQueryData(gamesListQuery(api, locale).queryKey, data.Games as GameSummary[]);
  if (data.News) client.setQueryData(newsQuery(api, locale, data.NewsGame).queryKey, data.News as NewsItem[]);
  for (const { Game, Platform, Answer } of data.GameConfigs) {
    client.setQueryData(publicGameConfigQuery(api, Game, Platform).queryKey, Answer as PublicGameConfig);
  }
  if (data.Launch) {
    const { Game, Platform, Answer } = data.Launch;
    client.setQueryData(launchDataQuery(api, Game, Platform, null).queryKey, Answer as LaunchData);
  }
}
