import type {
  LeaderboardAroundRequest,
  LeaderboardDefinition,
  LeaderboardEntry,
  LeaderboardInfo,
  LeaderboardPlayerRequest,
  LeaderboardSubmitRequest,
  LeaderboardTopRequest,
} from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, LeaderboardNotFoundError, ScoreOutOfRangeError } from '../../errors.js';
import { periodStart, previousPeriodStart } from './leaderboard-periods.js';
import { presentBoard, presentEntry } from './leaderboards-presenter.js';
import * as repo from './leaderboards-repository.js';

interface Board {
  definition: LeaderboardDefinition;
  period: repo.BoardPeriod;
  info: LeaderboardInfo;
}

/** The board a request names, in its current period (or the previous one). */
async function boardOf(
  ctx: AppContext,
  request: { Game: string; Leaderboard: string; Locale?: string | undefined },
  which: 'Current' | 'Previous' = 'Current',
): Promise<Board> {
  const game = await ctx.catalog.find(request.Game);
  if (!game) throw new GameNotFoundError(request.Game);
  // Games imported before leaderboards existed have none in their stored definition.
  const definition = (game.definition.Leaderboards ?? []).find((board) => board.Name === request.Leaderboard);
  if (!definition) throw new LeaderboardNotFoundError(request.Game, request.Leaderboard);
  const now = ctx.now();
  const start =
    which === 'Previous' ? previousPeriodStart(definition.ResetPeriod, now) : periodStart(definition.ResetPeriod, now);
  return {
    definition,
    period: { gameId: game.id, board: definition.Name, periodStart: start },
    info: presentBoard(definition, start, request.Locale, game.definition.DefaultLanguage),
  };
}

async function playerEntry(ctx: AppContext, board: Board, accountId: string): Promise<LeaderboardEntry | null> {
  const row = await repo.findScore(ctx.db, board.period, accountId);
  if (!row) return null;
  return presentEntry(board.definition, row, await repo.rankOf(ctx.db, board.period, row), accountId);
}

/**
 * Records a score: the board keeps each player's best of the current period (higher or lower,
 * by its SortOrder). Scores outside the catalog's MinScore–MaxScore are refused.
 */
export async function submitScore(ctx: AppContext, accountId: string, request: LeaderboardSubmitRequest) {
  const board = await boardOf(ctx, request);
  const { MinScore, MaxScore, SortOrder, Name } = board.definition;
  if (request.Score < MinScore || request.Score > MaxScore) throw new ScoreOutOfRangeError(Name, MinScore, MaxScore);
  const improved = await repo.submitBest(ctx.db, {
    game_id: board.period.gameId,
    board: board.period.board,
    period_start: board.period.periodStart,
    account_id: accountId,
    score: request.Score,
    rank_score: SortOrder === 'Desc' ? -request.Score : request.Score,
    extra: request.Extra ?? null,
    updated_at: ctx.now(),
  });
  const player = await playerEntry(ctx, board, accountId);
  if (!player) throw new Error('a submitted score was not stored');
  return { Leaderboard: board.info, Improved: improved, Player: player };
}

/** The best rows of the period, and the signed-in player's own. */
export async function topScores(ctx: AppContext, accountId: string | undefined, request: LeaderboardTopRequest) {
  const board = await boardOf(ctx, request, request.Period);
  const rows = await repo.listTop(ctx.db, board.period, request.Limit);
  return {
    Leaderboard: board.info,
    Entries: rows.map((row, index) => presentEntry(board.definition, row, index + 1, accountId)),
    Player: accountId ? await playerEntry(ctx, board, accountId) : null,
  };
}

/**
 * `Limit` rows with the player's in the middle (fewer above when they are near the top, fewer
 * below near the bottom); the top for a player without a score this period.
 */
export async function aroundPlayer(ctx: AppContext, accountId: string, request: LeaderboardAroundRequest) {
  const board = await boardOf(ctx, request);
  const row = await repo.findScore(ctx.db, board.period, accountId);
  if (!row) return topScores(ctx, accountId, { ...request, Period: 'Current' });
  const [rank, before, after] = await Promise.all([
    repo.rankOf(ctx.db, board.period, row),
    repo.listBefore(ctx.db, board.period, row, request.Limit - 1),
    repo.listAfter(ctx.db, board.period, row, request.Limit - 1),
  ]);
  const others = request.Limit - 1;
  const above = Math.min(before.length, Math.max(Math.floor(others / 2), others - after.length));
  const below = Math.min(after.length, others - above);
  const window = [...before.slice(0, above).reverse(), row, ...after.slice(0, below)];
  const first = rank - above;
  const entries = window.map((each, index) => presentEntry(board.definition, each, first + index, accountId));
  return { Leaderboard: board.info, Entries: entries, Player: entries[above] ?? null };
}

/** The player's best of the period and its rank; null without a score. */
export async function playerScore(ctx: AppContext, accountId: string, request: LeaderboardPlayerRequest) {
  const board = await boardOf(ctx, request);
  return { Leaderboard: board.info, Entries: [], Player: await playerEntry(ctx, board, accountId) };
}
