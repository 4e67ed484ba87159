import type { PlatformLeaderboards } from '@fxid/platforms';
import type { LeaderboardEntry, LeaderboardInfo, LeaderboardPage } from '@fxid/sdk';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { toSdkError } from '../host/purchases';

export type ApiLeaderboardPage = components['schemas']['LeaderboardPage'];
type ApiEntry = components['schemas']['LeaderboardEntry'];
type ApiInfo = components['schemas']['LeaderboardInfo'];

export interface LeaderboardClientOptions {
  api: ApiClient;
  game: string;
  token(): string | null;
  locale(): string;
  /** The name shown for a player whose profile has none. */
  unnamed(): string;
}

const lower = <T extends string>(value: T) => value.toLowerCase() as Lowercase<T>;

export function toSdkBoard(info: ApiInfo): LeaderboardInfo {
  return {
    name: info.Name,
    title: info.Title,
    sortOrder: lower(info.SortOrder),
    format: lower(info.ScoreFormat),
    decimals: info.Decimals,
    resetPeriod: lower(info.ResetPeriod),
    periodStart: info.PeriodStart,
    periodEnd: info.PeriodEnd,
    minScore: info.MinScore,
    maxScore: info.MaxScore,
  };
}

export function toSdkEntry(entry: ApiEntry, unnamed: string): LeaderboardEntry {
  return {
    rank: entry.Rank,
    score: entry.Score,
    formattedScore: entry.FormattedScore,
    name: entry.Name ?? unnamed,
    avatarUrl: entry.AvatarUrl,
    ...(entry.Extra === null ? {} : { extra: entry.Extra }),
    isPlayer: entry.IsPlayer,
  };
}

/** POST /leaderboards/top, or /around for a signed-in player: what the modal and the SDK show. */
export function fetchLeaderboardPage(
  options: LeaderboardClientOptions,
  name: string,
  query: { limit: number; around?: 'player' },
): Promise<ApiLeaderboardPage> {
  const { api, game } = options;
  const token = options.token();
  const body = { Game: game, Leaderboard: name, Locale: options.locale(), Limit: query.limit };
  const headers = token ? bearerHeaders(token) : {};
  return unwrap(
    query.around && token
      ? api.POST('/api/v1/leaderboards/around', { body, headers })
      : api.POST('/api/v1/leaderboards/top', { body: { ...body, Period: 'Current' }, headers }),
  );
}

/** fxid's leaderboards for the SDK (POST /leaderboards/*), answered in the SDK's shapes. */
export function createServerLeaderboards(options: LeaderboardClientOptions): PlatformLeaderboards {
  const { api, game } = options;
  const fail = (error: unknown) => Promise.reject(toSdkError(error));
  const page = (data: ApiLeaderboardPage): LeaderboardPage => ({
    leaderboard: toSdkBoard(data.Leaderboard),
    entries: data.Entries.map((entry) => toSdkEntry(entry, options.unnamed())),
    player: data.Player ? toSdkEntry(data.Player, options.unnamed()) : null,
  });
  const board = (name: string) => ({ Game: game, Leaderboard: name, Locale: options.locale() });
  const headers = () => bearerHeaders(options.token() ?? '');
  return {
    submit: async (name, score, extra) => {
      const body = { ...board(name), Score: score, ...(extra === undefined ? {} : { Extra: extra }) };
      const data = await unwrap(api.POST('/api/v1/leaderboards/submit', { body, headers: headers() })).catch(fail);
      return { improved: data.Improved, entry: toSdkEntry(data.Player, options.unnamed()) };
    },
    top: async (name, query) => page(await fetchLeaderboardPage(options, name, query).catch(fail)),
    player: async (name) => {
      const data = await unwrap(
        api.POST('/api/v1/leaderboards/player', { body: board(name), headers: headers() }),
      ).catch(fail);
      return data.Player ? toSdkEntry(data.Player, options.unnamed()) : null;
    },
  };
}
