import type { LeaderboardEntry, LeaderboardPage } from '@fxid/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { Button } from '../../../shared/ui/Button';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { createServerLeaderboards, type LeaderboardClientOptions } from './server-leaderboards';

/** Rows the modal lists; the player's own row is pinned below when it is further down. */
const MODAL_ROWS = 50;

function EntryRow({ entry, pinned = false }: { entry: LeaderboardEntry; pinned?: boolean }) {
  const { t } = useTranslation();
  // A host platform's board leaves the name empty for a player who hides it.
  const name = entry.name || t('friends.unnamed');
  return (
    <li
      data-testid="leaderboard-entry"
      aria-current={entry.isPlayer ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 px-2 py-2',
        entry.isPlayer && 'rounded-lg bg-indigo-50 font-semibold dark:bg-indigo-950/60',
        pinned && 'border-t border-slate-200 dark:border-slate-800',
      )}
    >
      <span className="w-10 shrink-0 text-end tabular-nums text-slate-600 dark:text-slate-300">{entry.rank}</span>
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-sm font-semibold uppercase text-slate-700 dark:bg-slate-700 dark:text-slate-100"
      >
        {entry.avatarUrl ? <img src={entry.avatarUrl} alt="" className="size-8 rounded-full" /> : name.slice(0, 1)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 gap-1">
          <span className="truncate" dir="auto">
            {name}
          </span>
          {entry.isPlayer && (
            <span className="shrink-0 text-indigo-700 dark:text-indigo-300">({t('leaderboard.you')})</span>
          )}
        </span>
        {entry.extra && (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400" dir="auto">
            {entry.extra}
          </span>
        )}
      </span>
      <span className="shrink-0 tabular-nums" dir="ltr" data-testid="leaderboard-score">
        {entry.formattedScore}
      </span>
    </li>
  );
}

/**
 * A game's leaderboard, opened by the game (`leaderboard.show`): the best rows and the player's own,
 * from fxid's server, or from the host platform (`hostPage`) for a board the catalog keeps there.
 */
export function LeaderboardModal({
  client,
  name,
  hostPage,
  onClose,
}: {
  client: LeaderboardClientOptions;
  name: string;
  hostPage?: ((limit: number) => Promise<LeaderboardPage>) | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const signedIn = !!client.token();
  const page = useQuery({
    queryKey: ['leaderboard', client.game, name, hostPage ? 'host' : 'fxid', client.token(), client.locale()],
    queryFn: () =>
      hostPage ? hostPage(MODAL_ROWS) : createServerLeaderboards(client).top(name, { limit: MODAL_ROWS }),
  });
  const data = page.data;
  const player = data?.player;
  const pinned = player && !data.entries.some((entry) => entry.isPlayer) ? player : null;
  const reset = data?.leaderboard.resetPeriod;
  return (
    <ModalFrame
      title={data?.leaderboard.title ?? t('leaderboard.title')}
      size="md"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {page.isError ? (
        <div className="grid justify-items-center gap-3">
          <Notice tone="danger">{t('leaderboard.loadFailed')}</Notice>
          <Button variant="secondary" onClick={() => page.refetch()} disabled={page.isFetching}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          {reset && reset !== 'none' && (
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              {t(reset === 'daily' ? 'leaderboard.resetsDaily' : 'leaderboard.resetsWeekly')}
            </p>
          )}
          {data.entries.length === 0 ? (
            <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('leaderboard.empty')}</p>
          ) : (
            <ol aria-label={data.leaderboard.title} className="flex flex-col gap-0.5">
              {data.entries.map((entry) => (
                <EntryRow key={`${entry.rank}`} entry={entry} />
              ))}
              {pinned && <EntryRow entry={pinned} pinned />}
            </ol>
          )}
          {!signedIn && (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('leaderboard.signInToJoin')}</p>
          )}
        </>
      )}
    </ModalFrame>
  );
}
