import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { Button } from '../../../shared/ui/Button';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { fetchLeaderboardPage, type LeaderboardClientOptions } from './server-leaderboards';

/** Rows the modal lists; the player's own row is pinned below when it is further down. */
const MODAL_ROWS = 50;

type Entry = Awaited<ReturnType<typeof fetchLeaderboardPage>>['Entries'][number];

function EntryRow({ entry, pinned = false }: { entry: Entry; pinned?: boolean }) {
  const { t } = useTranslation();
  const name = entry.Name || t('friends.unnamed');
  return (
    <li
      data-testid="leaderboard-entry"
      aria-current={entry.IsPlayer ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 px-2 py-2',
        entry.IsPlayer && 'rounded-lg bg-indigo-50 font-semibold dark:bg-indigo-950/60',
        pinned && 'border-t border-slate-200 dark:border-slate-800',
      )}
    >
      <span className="w-10 shrink-0 text-end tabular-nums text-slate-600 dark:text-slate-300">{entry.Rank}</span>
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-sm font-semibold uppercase text-slate-700 dark:bg-slate-700 dark:text-slate-100"
      >
        {entry.AvatarUrl ? <img src={entry.AvatarUrl} alt="" className="size-8 rounded-full" /> : name.slice(0, 1)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 gap-1">
          <span className="truncate" dir="auto">
            {name}
          </span>
          {entry.IsPlayer && (
            <span className="shrink-0 text-indigo-700 dark:text-indigo-300">({t('leaderboard.you')})</span>
          )}
        </span>
        {entry.Extra && (
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400" dir="auto">
            {entry.Extra}
          </span>
        )}
      </span>
      <span className="shrink-0 tabular-nums" dir="ltr" data-testid="leaderboard-score">
        {entry.FormattedScore}
      </span>
    </li>
  );
}

/** A game's leaderboard, opened by the game (`leaderboard.show`): the best rows and the player's own. */
export function LeaderboardModal({
  client,
  name,
  onClose,
}: {
  client: LeaderboardClientOptions;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const signedIn = !!client.token();
  const page = useQuery({
    queryKey: ['leaderboard', client.game, name, client.token(), client.locale()],
    queryFn: () => fetchLeaderboardPage(client, name, { limit: MODAL_ROWS }),
  });
  const data = page.data;
  const player = data?.Player;
  const pinned = player && !data.Entries.some((entry) => entry.IsPlayer) ? player : null;
  const reset = data?.Leaderboard.ResetPeriod;
  return (
    <ModalFrame
      title={data?.Leaderboard.Title ?? t('leaderboard.title')}
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
          {reset && reset !== 'None' && (
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              {t(reset === 'Daily' ? 'leaderboard.resetsDaily' : 'leaderboard.resetsWeekly')}
            </p>
          )}
          {data.Entries.length === 0 ? (
            <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('leaderboard.empty')}</p>
          ) : (
            <ol aria-label={data.Leaderboard.Title} className="flex flex-col gap-0.5">
              {data.Entries.map((entry) => (
                <EntryRow key={`${entry.Rank}`} entry={entry} />
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
